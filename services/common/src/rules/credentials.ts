/** What a Credential may hold and how long a connection code may live. */
import { z } from 'zod';
import { isCustomerScope, isOperatorScope } from '../scopes.ts';

/** Operator scopes live in the platform. namespace; none may be held by a customer Credential. */
const OPERATOR_NAMESPACE = 'platform.';

/** A scope a customer Credential may hold: a customer scope; an operator scope or an unknown one is refused. */
export const customerScope = z.string().superRefine((scope, ctx) => {
  if (isOperatorScope(scope) || scope.startsWith(OPERATOR_NAMESPACE)) {
    ctx.addIssue({ code: 'custom', message: `${scope.slice(0, 64)} is an operator scope and cannot be held by a customer credential` });
  } else if (!isCustomerScope(scope)) {
    ctx.addIssue({ code: 'custom', message: `unknown scope ${scope.slice(0, 64)}` });
  }
});

/** The scopes of a new Credential: at most 20 entries; an empty list makes a Credential that can call nothing. */
export const credentialScopes = z.array(customerScope).max(20);

/** The lifetime a caller may ask for a connection code: 60 seconds to 7 days, whole seconds. */
export const CONNECTION_CODE_MIN_SECONDS = 60;
export const CONNECTION_CODE_MAX_SECONDS = 7 * 24 * 3600;
export const connectionCodeLifetime = z.number().int().min(CONNECTION_CODE_MIN_SECONDS).max(CONNECTION_CODE_MAX_SECONDS);

/** A connection code as identity mints it: `cfc_` and 32 base62 characters. */
export const CONNECTION_CODE_PATTERN = /^cfc_[0-9A-Za-z]{32}$/;
