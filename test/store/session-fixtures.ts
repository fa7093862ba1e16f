// Helpers for the session tests, over the file's mock network (helpers/network.ts): a fake shop
// (with a clock the test moves) per test, its own base URL so stores, storage and tab channels are
// fresh, "tabs" as Session instances on their own persistence objects for the same scope, and a scan
// of storage for secrets.
import { CartApi } from '../../src/api/cart-api.js';
import { DEFAULT_USERS, type MockShape, type MockShop, type MockUser } from '../../src/mock/index.js';
import { CartStore, storeScope } from '../../src/store/cart-store.js';
import { createPersistence } from '../../src/store/persistence.js';
import { Session } from '../../src/store/session.js';
import type { StoreConfig } from '../../src/store/config.js';
import { fakeShop, type FakeTestShop } from '../helpers/network.js';
import { expectNoSecretsStored, knownSecrets } from './session-secrets.js';

export { worker } from '../helpers/network.js';
export { expectNoSecretsStored, isStored } from './session-secrets.js';

export const ada = DEFAULT_USERS.find((user) => user.username === 'ada')!;
export const grace = DEFAULT_USERS.find((user) => user.username === 'grace')!;

/** The fake shops of the running test: their inboxes hold the codes the scan looks for. */
const created: MockShop[] = [];

/**
 * After every test, scans storage for secrets — before the network drops the shops' handlers,
 * stores and storage (its hooks run after every describe's own).
 */
export function useShops(): void {
  afterEach(() => expectNoSecretsStored(...knownSecrets(created.splice(0))));
}

export interface SessionShopOptions {
  shape?: MockShape;
  /** Default: a fresh `https://shop.test/…` base URL. */
  origin?: string;
  namespace?: string;
  auth?: StoreConfig['auth'];
  credentialsInQuery?: boolean;
  users?: readonly MockUser[];
  /** Access token lifetime, seconds (the shop's default: 10 days). */
  tokenLifetime?: number;
}

/** The network's fake test shop, with a clock, tabs, and its requests by route. */
export interface SessionShop extends Omit<FakeTestShop, 'requests'> {
  /** The shop's and the sessions' clock, ms: move it to expire tokens and codes. */
  clock: { now: number };
  /** A new tab of this shop: its own api, persistence and session, sharing storage and channels. */
  tab(): Session;
  /** Requests this shop saw to `path` below the namespace (any method when left out). */
  requests(path?: string, method?: string): MockShop['requests'];
}

export function newShop(options: SessionShopOptions = {}): SessionShop {
  const clock = { now: Date.now() };
  const now = () => clock.now;
  const test = fakeShop({
    ...(options.origin ? { origin: options.origin } : {}),
    namespace: options.namespace ?? 'svc',
    shape: options.shape ?? 'document',
    auth: { now, ...(options.users ? { users: options.users } : {}), ...(options.tokenLifetime ? { tokenLifetime: options.tokenLifetime } : {}) },
  });
  const { shop, config, baseUrl, namespace } = test;
  created.push(shop);
  if (options.auth) config.auth = options.auth;
  if (options.credentialsInQuery) config.credentialsInQuery = true;
  return {
    ...test,
    clock,
    tab: () => new Session(new CartApi({ baseUrl, namespace }), createPersistence(storeScope(config)), config, { now }),
    requests: (path, method) =>
      shop.requests.filter((request) => {
        const url = new URL(request.url);
        const wanted = path === undefined || url.pathname.endsWith(`/${namespace}/${path}`);
        return wanted && (method === undefined || request.method === method);
      }),
  };
}

/** Resolves with the next session state of `session` that `test` accepts. */
export function nextState(session: Session, test: (state: Session['state']) => boolean): Promise<Session['state']> {
  return new Promise((resolve) => {
    if (test(session.state)) return resolve(session.state);
    const stop = session.subscribe((state) => {
      if (!test(state)) return;
      stop();
      resolve(state);
    });
  });
}

/**
 * The bearer token a session would send now; for a store, the one its session keeps (a store's
 * session is its own: what it keeps is what every tab of the shop reads).
 */
export async function tokenOf(session: Session | CartStore): Promise<string | null> {
  if (session instanceof CartStore) return storedToken(session.scope);
  const credentials = await session.credentials();
  return credentials.kind === 'bearer' ? credentials.token : null;
}

/** The session a store keeps: in localStorage ("Keep me signed in"), else in this tab's sessionStorage. */
export function storedSession(scope: string): { token?: unknown; remember?: unknown } | null {
  for (const storage of [localStorage, sessionStorage]) {
    try {
      const stored = JSON.parse(storage.getItem(`cart-widget:${scope}:session`) ?? 'null') as { token?: unknown } | null;
      if (stored) return stored;
    } catch {
      // Not JSON: not a session.
    }
  }
  return null;
}

function storedToken(scope: string): string | null {
  const token = storedSession(scope)?.token;
  return typeof token === 'string' ? token : null;
}

/** The credentials a store sends now, as the shop sees them on its next cart read. */
export async function credentialsOf(store: CartStore): Promise<{ kind: 'none' | 'bearer' | 'basic' }> {
  const fetchBefore = globalThis.fetch;
  let authorization: string | null = null;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    authorization = new Headers(init?.headers).get('Authorization');
    return fetchBefore(input, init);
  };
  try {
    await store.load();
  } finally {
    globalThis.fetch = fetchBefore;
  }
  const kind = (authorization as string | null)?.split(' ')[0]?.toLowerCase();
  return { kind: kind === 'bearer' || kind === 'basic' ? kind : 'none' };
}
