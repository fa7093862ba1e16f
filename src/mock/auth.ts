/**
 * The fake shop's authentication: login with two-factor, real HS256 JWTs with `exp`, rotating
 * single-use refresh tokens, validate-token, logout, Basic credentials (never over plain http) and
 * the admin sessions route behind a key pair. `resolveCustomer` tells the cart routes who is
 * signed in. Token failures answer 401 in the document shape and 403 in the real-server shape.
 */
import type { HttpHandler } from 'msw';
import { DEFAULT_USERS, findUser, type MockUser } from './auth-users.js';
import { MockInbox, TwoFactorDesk } from './auth-two-factor.js';
import { ShopError, coreError, criticalError, emptyServerError, shopError } from './errors.js';
import { base64url, signJwt, verifyJwt } from './jwt.js';
import { jsonResponse } from './routing.js';
import type { IndexedRoute } from './handlers.js';
import type { MockShopContext } from './shop-context.js';

export interface MockKeyPair {
  consumerKey: string;
  consumerSecret: string;
}

export interface MockAuthOptions {
  /** The shop's customers; `DEFAULT_USERS` when left out. */
  users?: readonly MockUser[];
  /** The shop's clock, ms since the epoch: tests move it to expire codes and tokens. */
  now?: () => number;
  /** Access token lifetime, seconds (10 days, as real servers). */
  tokenLifetime?: number;
  /** Refresh token lifetime, seconds (30 days). */
  refreshLifetime?: number;
  /** The store-issued key pair the sessions route wants. */
  keyPair?: MockKeyPair;
  /**
   * How an invalid, expired or revoked bearer token is refused, on every route.
   * - `'rejected'` (default): 401 `{ns}_authentication_error` "Authentication failed." in the
   *   document shape, 403 in the real shape (CoCart 4.3.6 with the add-on's errors working).
   * - `'critical-error'`: as JWT Authentication 3.0.3 ships on core 4.3.x, a PHP fatal: 500
   *   `internal_server_error` whose message is WordPress's HTML "critical error" page
   *   (`fixtures/server-jwt-unpatched/`), on every route, `GET cart` and the token routes included.
   */
  tokenFailure?: 'rejected' | 'critical-error';
}

export interface MockAuth {
  readonly handlers: HttpHandler[];
  /** The e-mails the shop sent (verification codes). */
  readonly inbox: MockInbox;
  readonly users: readonly MockUser[];
  /** Who a request is signed in as (user id), `null` for a guest; throws on bad credentials. */
  resolveCustomer(request: Request): Promise<string | null>;
  /** Whether a user id is one of `users`. */
  isUser(id: string): boolean;
  /** The routes it adds under `v2/`, for the namespace index. */
  readonly routes: IndexedRoute[];
  /** Forgets issued tokens, codes, remembered providers and the inbox. */
  reset(): void;
}

export const DEFAULT_KEY_PAIR: MockKeyPair = {
  consumerKey: 'ck_4f2a9c1e7b3d5a8f0e6c2b9d1a7e3f5c',
  consumerSecret: 'cs_9e1b7d3f5a2c8e0b6d4f1a9c7e5b3d2a',
};

interface Presented {
  username: string;
  password: string;
}

export function createMockAuth(shop: MockShopContext, options: MockAuthOptions = {}): MockAuth {
  const users = options.users ?? DEFAULT_USERS;
  const now = options.now ?? Date.now;
  const seconds = () => Math.floor(now() / 1000);
  const tokenLifetime = options.tokenLifetime ?? 10 * 86_400;
  const refreshLifetime = options.refreshLifetime ?? 30 * 86_400;
  const keyPair = options.keyPair ?? DEFAULT_KEY_PAIR;
  const inbox = new MockInbox();
  const desk = new TwoFactorDesk(now, inbox);
  // Secret, refresh tokens and logout generations live in the shop's state: a persisted shop keeps
  // honouring its tokens after a reload and in its other tabs.
  const { tokens } = shop;
  const firstSeen = new Map<string, number>();

  const real = () => shop.shape === 'real';
  const tokenStatus = () => (real() ? 403 : 401);
  const authFailed = (message = 'Authentication failed.') => shopError(tokenStatus(), 'authentication_error', message);
  /** A bearer token that is not (or no longer) good, on any route. */
  const badToken = () => (options.tokenFailure === 'critical-error' ? criticalError() : authFailed());
  // The document's token routes put `status` at the top level; 4.3.6 puts it under `data`.
  const tokenRouteFailed = (message: string) => {
    if (real()) return authFailed(message);
    const status = tokenStatus();
    const body = (namespace: string) => ({ code: `${namespace}_authentication_error`, message, status });
    return new ShopError(status, 'authentication_error', message, { raw: { body } });
  };

  async function issueTokens(user: MockUser): Promise<{ token: string; refresh_token: string }> {
    const iat = seconds();
    const token = await signJwt(
      {
        iss: shop.baseUrl,
        iat,
        nbf: iat,
        exp: iat + tokenLifetime,
        jti: randomToken(),
        data: { user: { id: user.id, username: user.username, generation: tokens.generation(user.id) } },
      },
      tokens.secret,
    );
    const refresh = randomToken();
    tokens.addRefreshToken(refresh, { userId: user.id, expiresAt: now() + refreshLifetime * 1000 }, now());
    return { token, refresh_token: refresh };
  }

  async function userOfToken(token: string): Promise<MockUser | undefined> {
    const claims = await verifyJwt(token, tokens.secret, seconds());
    if (!claims) return undefined;
    const { id, generation } = claims.data.user;
    if (generation !== tokens.generation(id)) return undefined;
    return users.find((user) => user.id === id);
  }

  /** Basic credentials from the header, else from the query (spec rule 5); refused over plain http. */
  function presented(request: Request, url: URL, queryNames: [string, string]): Presented | null {
    const match = /^Basic\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '');
    let found: Presented | null = null;
    if (match) {
      found = decodeBasic(match[1]!);
      if (!found) throw authFailed();
    } else if (url.searchParams.has(queryNames[0])) {
      found = { username: url.searchParams.get(queryNames[0]) ?? '', password: url.searchParams.get(queryNames[1]) ?? '' };
    }
    if (found && !isSecure(url)) throw authFailed('Basic authentication needs a secure (https) connection.');
    return found;
  }

  function checkPassword(credentials: Presented): MockUser {
    const user = findUser(users, credentials.username);
    if (real()) {
      // 4.3.6: an unknown username is a PHP error (500, empty body); a wrong password names the username.
      if (!user) throw emptyServerError();
      if (user.password !== credentials.password) {
        throw shopError(401, 'authentication_error', `The password you entered for the username "${user.username}" is incorrect.`);
      }
      return user;
    }
    if (!user || user.password !== credentials.password) {
      throw authFailed('The username, email, phone or password you entered is not correct.');
    }
    return user;
  }

  async function resolveCustomer(request: Request): Promise<string | null> {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '');
    if (bearer) {
      const user = await userOfToken(bearer[1]!);
      if (!user) throw badToken();
      return user.id;
    }
    const credentials = presented(request, new URL(request.url), ['username', 'password']);
    return credentials ? checkPassword(credentials).id : null;
  }

  /** The spec's two-factor table: throws the challenge, an invalid code or an invalid provider. */
  async function secondFactor(user: MockUser, body: Record<string, unknown>): Promise<void> {
    const providers = desk.providers(user);
    if (!providers.length) return;
    const chosen = text(body['2fa_provider']);
    if (chosen && !providers.includes(chosen)) {
      throw shopError(400, '2fa_invalid_provider', `Invalid two-factor provider: "${chosen}".`);
    }
    const provider = chosen || desk.defaultFor(user);
    const code = text(body['2fa_code']).replace(/\s+/g, '');
    if (!code) {
      const emailSent = provider === 'email';
      if (emailSent) desk.sendEmailCode(user);
      throw shopError(401, '2fa_required', 'Please enter the verification code to sign in.', {
        '2fa_required': true,
        available_providers: providers,
        default_provider: desk.defaultFor(user),
        email_sent: emailSent,
      });
    }
    if (!(await desk.verify(user, provider, code))) {
      throw shopError(401, '2fa_invalid_code', 'The verification code is not valid or has expired.');
    }
  }

  async function loginBody(user: MockUser): Promise<Record<string, unknown>> {
    const tokens = await issueTokens(user);
    const profile = { first_name: user.firstName, last_name: user.lastName, display_name: user.displayName };
    if (shop.shape === 'document') {
      return { user_id: Number(user.id), username: user.username, ...profile, email: user.email, role: user.role, ...tokens };
    }
    const avatar = `https://secure.gravatar.com/avatar/${user.id}?d=mm`;
    return {
      user_id: user.id,
      ...profile,
      // The role's display name, as 4.3.6 sends it (`Customer`).
      role: user.role.charAt(0).toUpperCase() + user.role.slice(1),
      avatar_urls: { 24: `${avatar}&s=24`, 48: `${avatar}&s=48`, 96: `${avatar}&s=96` },
      email: user.email,
      extras: { jwt_token: tokens.token, jwt_refresh: tokens.refresh_token },
      dev_note: "Don't forget to store the users login information in order to authenticate all other routes with CoCart.",
    };
  }

  function sessionRows(): Array<Record<string, unknown>> {
    return shop.carts.keys().map((key, index) => {
      const cart = shop.carts.get(key)!;
      const user = cart.customerId === null ? undefined : users.find((u) => u.id === cart.customerId);
      if (!firstSeen.has(key)) firstSeen.set(key, seconds());
      const created = firstSeen.get(key)!;
      return {
        cart_id: String(index + 1),
        cart_key: key,
        customers_name: user?.displayName ?? '',
        customers_email: user?.email ?? '',
        cart_created: String(created),
        cart_expiry: String(created + 2 * 86_400),
        cart_source: 'cocart',
        link: `${shop.baseUrl}/${shop.namespace}/v2/cart?cart_key=${encodeURIComponent(key)}`,
      };
    });
  }

  const { route } = shop;
  const handlers = [
    route('post', 'v2/login', async ({ request, url, body }) => {
      const basic = presented(request, url, ['username', 'password']);
      // 4.3.6 reads Basic authorization only: credentials in the JSON body alone are refused.
      if (!basic && real()) throw shopError(401, 'rest_not_authorized', 'Sorry, you are not authorized.');
      const credentials = basic ?? { username: text(body.username), password: text(body.password) };
      const user = checkPassword(credentials);
      await secondFactor(user, body);
      return jsonResponse(await loginBody(user));
    }),

    route('post', 'v2/logout', async ({ request }) => {
      const userId = await resolveCustomer(request);
      if (userId !== null) tokens.revokeAll(userId);
      return jsonResponse(true);
    }),

    route('post', 'jwt/validate-token', async ({ request }) => {
      const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '');
      if (!bearer && real()) throw coreError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
      if (bearer && !(await userOfToken(bearer[1]!)) && options.tokenFailure === 'critical-error') throw criticalError();
      if (!bearer || !(await userOfToken(bearer[1]!))) throw tokenRouteFailed('Authentication failed.');
      return jsonResponse({ message: 'Token is valid.' });
    }),

    route('post', 'jwt/refresh-token', async ({ request, body }) => {
      // A stale bearer header breaks this route on real servers, as it does everywhere else.
      const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '');
      if (bearer && !(await userOfToken(bearer[1]!))) {
        throw options.tokenFailure === 'critical-error' ? criticalError() : tokenRouteFailed('Authentication failed.');
      }
      const given = text(body.refresh_token);
      if (!given && real()) throw shopError(403, 'jwt_auth_missing_refresh_token', 'Refresh token is required.');
      const record = tokens.takeRefreshToken(given);
      const user = record && record.expiresAt > now() ? users.find((u) => u.id === record.userId) : undefined;
      if (!user) throw tokenRouteFailed('Invalid refresh token.');
      return jsonResponse(await issueTokens(user));
    }),

    route('get', 'v2/sessions', ({ request, url }) => {
      const pair = presented(request, url, ['consumer_key', 'consumer_secret']);
      if (!pair || pair.username !== keyPair.consumerKey || pair.password !== keyPair.consumerSecret) {
        if (!real()) throw shopError(401, 'authentication_error', 'Consumer key or secret is invalid.');
        // Real CoCart (4.3.6 to 4.4 on WordPress 6 and 7): a pair WooCommerce refuses, sent as Basic,
        // is then tried as a username: a PHP error, an empty 500. A customer's own password: 403.
        const asBasic = /^Basic\s/i.test(request.headers.get('Authorization') ?? '');
        const customer = asBasic && !!pair && findUser(users, pair.username)?.password === pair.password;
        if (asBasic && !customer) throw emptyServerError();
        throw shopError(customer ? 403 : 401, 'rest_cannot_view', 'Sorry, you cannot list resources.');
      }
      const rows = sessionRows();
      if (!rows.length) throw shopError(404, 'no_sessions', 'No sessions are in the database.');
      return jsonResponse(rows);
    }),
  ];

  return {
    handlers,
    inbox,
    users,
    resolveCustomer,
    isUser: (id) => users.some((user) => user.id === id),
    routes: [
      { path: '/login', methods: ['POST'], args: [] },
      { path: '/logout', methods: ['POST'], args: [] },
      { path: '/sessions', methods: ['GET'], args: [] },
    ],
    reset() {
      tokens.clear();
      firstSeen.clear();
      desk.reset();
      inbox.clear();
    },
  };
}

function decodeBasic(encoded: string): Presented | null {
  try {
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0)));
    const colon = decoded.indexOf(':');
    return colon < 0 ? null : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
  } catch {
    return null;
  }
}

function isSecure(url: URL): boolean {
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

