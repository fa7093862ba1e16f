/** Sign-in on the wire: the login answer. Only a sign-in reads it: it loads with the actions (`schemas.ts`). */
import type { LoginResult } from '../model.js';
import { block, need, Str, Text, then } from './fields.js';

/**
 * The login answer. The document sends `token` / `refresh_token` at the top; real CoCart servers
 * with the JWT add-on send them under `extras` (`jwt_token`, `jwt_refresh`); a Basic-only store
 * sends none. An answer with neither a user nor a token is no sign-in.
 */
export const LoginWire = block({
  user_id: Str,
  username: Str,
  email: Str,
  display_name: Text,
  first_name: Text,
  last_name: Text,
  token: Str,
  refresh_token: Str,
  extras: block({ jwt_token: Str, jwt_refresh: Str }),
});

export const loginSchema = then(
  LoginWire,
  (l, payload): LoginResult => {
    const token = l.extras.jwt_token || l.token || null;
    need(l.user_id || token, payload);
    const { username, email, first_name: firstName, last_name: lastName } = l;
    return {
      user: {
        id: l.user_id,
        username,
        displayName: l.display_name || `${firstName} ${lastName}`.trim() || username || email,
        firstName,
        lastName,
        email,
      },
      token,
      refreshToken: l.extras.jwt_refresh || l.refresh_token || null,
    };
  },
);
