/** Sign-in and the invitation page (set a password). Anonymous forms carry the pre-session CSRF token. */
import { PASSWORD_MAX_LENGTH, PASSWORD_MAX_UTF16_UNITS, PASSWORD_MIN_LENGTH } from '@cfs/common/rules';
import { csrfField, errorBox, field, html, type Node } from '../views.ts';
import { BASE } from '../views.ts';

export function signInPage(props: { csrf: string; email?: string; error?: string; notice?: string }): Node {
  return html`
    <h1>Sign in</h1>
    ${props.notice && html`<p class="notice" role="status">${props.notice}</p>`} ${errorBox(props.error)}
    <form method="post" action=${`${BASE}/sign-in`}>
      ${csrfField(props.csrf)}
      ${field({ label: 'E-mail', name: 'email', type: 'email', value: props.email ?? '', required: true, autocomplete: 'username', maxlength: 254 })}
      ${field({ label: 'Password', name: 'password', type: 'password', required: true, autocomplete: 'current-password', maxlength: PASSWORD_MAX_UTF16_UNITS })}
      <button type="submit">Sign in</button>
    </form>
    <p class="muted">No account yet? Ask your team's owner for an invitation.</p>
  `;
}

export function invitationPage(props: { csrf: string; token: string; error?: string }): Node {
  return html`
    <h1>Set your password</h1>
    <p>Choose the password you will sign in with: at least ${PASSWORD_MIN_LENGTH} characters.</p>
    ${errorBox(props.error)}
    <form method="post" action=${`${BASE}/invitations/${encodeURIComponent(props.token)}`}>
      ${csrfField(props.csrf)}
      ${field({ label: 'New password', name: 'password', type: 'password', required: true, autocomplete: 'new-password', minlength: PASSWORD_MIN_LENGTH, maxlength: PASSWORD_MAX_UTF16_UNITS, hint: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.` })}
      ${field({ label: 'Repeat the password', name: 'confirm', type: 'password', required: true, autocomplete: 'new-password', minlength: PASSWORD_MIN_LENGTH, maxlength: PASSWORD_MAX_UTF16_UNITS })}
      <button type="submit">Set password and sign in</button>
    </form>
  `;
}
