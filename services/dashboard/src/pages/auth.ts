/** Sign-in and the invitation page (set a password). Anonymous forms carry the pre-session CSRF token. */
import { csrfField, errorBox, field, html, type Node } from '../views.ts';
import { BASE } from '../views.ts';

export function signInPage(props: { csrf: string; email?: string; error?: string; notice?: string }): Node {
  return html`
    <h1>Sign in</h1>
    ${props.notice && html`<p class="notice" role="status">${props.notice}</p>`}
    ${errorBox(props.error)}
    <form method="post" action=${`${BASE}/sign-in`}>
      ${csrfField(props.csrf)}
      ${field({ label: 'E-mail', name: 'email', type: 'email', value: props.email ?? '', required: true, autocomplete: 'username', maxlength: 254 })}
      ${field({ label: 'Password', name: 'password', type: 'password', required: true, autocomplete: 'current-password', maxlength: 256 })}
      <button type="submit">Sign in</button>
    </form>
    <p class="muted">No account yet? Ask your team's owner for an invitation.</p>
  `;
}

export function invitationPage(props: { csrf: string; token: string; error?: string }): Node {
  return html`
    <h1>Set your password</h1>
    <p>Choose the password you will sign in with: at least 12 characters.</p>
    ${errorBox(props.error)}
    <form method="post" action=${`${BASE}/invitations/${encodeURIComponent(props.token)}`}>
      ${csrfField(props.csrf)}
      ${field({ label: 'New password', name: 'password', type: 'password', required: true, autocomplete: 'new-password', minlength: 12, maxlength: 256, hint: '12 to 256 characters.' })}
      ${field({ label: 'Repeat the password', name: 'confirm', type: 'password', required: true, autocomplete: 'new-password', minlength: 12, maxlength: 256 })}
      <button type="submit">Set password and sign in</button>
    </form>
  `;
}
