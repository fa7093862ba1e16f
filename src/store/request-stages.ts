import type { Credentials } from '../api/shop-connection.js';
import type { Cart } from '../api/model.js';
import { keepCartKey, keptCartKey } from './cart-key.js';
import type { Persistence } from './persistence.js';
import type { Session } from './session.js';

// The stages of a request (`RequestPipeline.send`, docs/architecture.md "A request, stage by
// stage"), each a function with one test file: `test/store/request-stages.test.ts`. The pipeline
// runs them in this order; the retries of a read are the api's (`api/retry-policy.ts`); the stages
// of a failed request are `request-recovery.ts`, loaded at the first failure.

/** What decides a request's stages: the options of `RequestPipeline.send`. */
export interface StageOptions {
  /** A kept key the service no longer knows: forget it and send once more without (an add goes into a fresh cart). */
  freshCart?: boolean;
  /** A change of the cart: when its answer never came, the cart is read again before it fails. */
  write?: boolean;
  /** A cart route (default): a guest's requests carry the cart key. A product read does not. */
  cartRoute?: boolean;
  /**
   * A request about the shop, not the shopper (the route index): no credentials, no cart key, no
   * recovery, and the notices on screen stay.
   */
  anonymous?: boolean;
  /**
   * The guest key to send, with the credentials, instead of the one kept: the sign-in's one-request
   * carry-over into an empty customer cart (`carry-over.ts`). Nothing else sends a key with credentials.
   */
  cartKey?: string;
  /**
   * Read the guest cart of this key, without credentials, even while signed in: the sign-in's
   * carry-over reads the lines it still owes the customer's cart.
   */
  asGuest?: string;
}

/** The cart key a request carries, and whether it is the guest's own kept key (or none yet). */
export interface CartKeyChoice {
  cartKey: string | null;
  /** A guest's request on a cart route with no key given: it sends the kept key, or brings one. */
  guest: boolean;
}

const NONE: Credentials = { kind: 'none' };

/**
 * Stage "credentials": the session's (`Session.credentials()`: a token about to expire is refreshed
 * first), or none for a request about the shop (`anonymous`) or a guest cart read while signed in
 * (`asGuest`).
 */
export async function credentialsFor(session: Session, options: StageOptions): Promise<Credentials> {
  return options.anonymous || options.asGuest ? NONE : session.credentials();
}

/**
 * Stage "cart key": a guest's kept key on cart routes (`cart-key.ts`), or the key the sign-in's
 * carry-over gives; never the kept key with credentials, never a key on a product read (it neither
 * sends one nor brings one).
 */
export function cartKeyFor(session: Session, persistence: Persistence, options: StageOptions): CartKeyChoice {
  const given = options.asGuest ?? options.cartKey;
  const guest = (options.cartRoute ?? true) && !options.anonymous && session.state.kind === 'guest' && !given;
  return { cartKey: guest ? keptCartKey(persistence) : (given ?? null), guest };
}

/**
 * Stage "the key an answer brought": a keyless guest request's answer names the guest's new cart.
 * Kept before the cart's lock passes on, so the next request, of any tab, sends it (one cart
 * request at a time: none went meanwhile).
 */
export function keepBroughtKey(session: Session, persistence: Persistence, sent: CartKeyChoice, answer: unknown): void {
  if (sent.guest && !sent.cartKey && session.state.kind === 'guest') keepCartKey(persistence, (answer as Partial<Cart> | undefined)?.key);
}
