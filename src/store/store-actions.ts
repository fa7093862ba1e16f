import type { Cart, Product } from '../api/model.js';
import * as routes from '../api/routes.js';
import { rememberingCartReader } from '../api/wire/line-memo.js';
import { CartChanges } from './cart-changes.js';
import { CarryOver } from './carry-over.js';
import { customerCheckout } from './checkout.js';
import { ShopFeatures } from './shop-features.js';
import type { SignInInput } from './session.js';
import type { StoreCore } from './store-core.js';

/**
 * Everything a store does once the shopper acts — sign-in, sign-out, every change of the cart, the
 * route index, products: a module the script tag loads when the browser is idle after the first
 * cart, or at the first action (`load-store-actions.ts`). Each method is `CartStore`'s of the same
 * name (the store's methods document them); every request goes through the store's pipeline.
 */
export class StoreActions {
  /** The cart's lines: adds, quantities, restores, clearing. */
  readonly changes: CartChanges;
  /** Guest lines going into the customer's cart at a sign-in, and until they all have. */
  readonly carryOver: CarryOver;
  /** Coupons, shipping rates and the estimate, the hand-over: what this shop offers. */
  readonly features: ShopFeatures;
  readonly #core: StoreCore;

  constructor(core: StoreCore) {
    const { api, pipeline, view, session, persistence } = core;
    this.#core = core;
    // From now on the shop's answers (every change answers the whole cart) read only the lines that
    // changed: the page's first cart was read without this.
    api.cartReader ??= rememberingCartReader(api.amounts);
    this.changes = new CartChanges(pipeline, view);
    this.changes.carryOver = this.carryOver = new CarryOver(pipeline, view, session, persistence, this.changes);
    this.features = new ShopFeatures(pipeline, view, this.changes);
  }

  async signIn(input: SignInInput): Promise<void> {
    const { pipeline, view, session, owner, ready } = this.#core;
    await ready;
    // The whole sign-in holds the cart's lock: an add or change meanwhile, in this tab or
    // another, waits for it and then goes to the customer's cart (architecture §3).
    const carried = await pipeline.exclusive(async () => {
      const guest = await this.carryOver.guestCartNow();
      await owner.change(() => session.signIn(input));
      view.newSession();
      view.set({ notMerged: Object.freeze([]) });
      return this.carryOver.begin(guest);
    });
    // Nothing to carry: the customer's cart is read after the lock is passed on (a read may take its
    // time; another sign-in or change need not wait for it).
    if (!carried) await view.read().catch(ignore);
  }

  async signOut(): Promise<void> {
    const { session, owner, ready } = this.#core;
    await ready;
    const guest = () => session.state.kind === 'guest';
    if (guest()) return;
    try {
      await owner.change(() => session.signOut());
    } finally {
      if (guest()) await owner.startGuestCart();
    }
  }

  /**
   * For a customer whose guest lines are still owed (a temporary failure at the sign-in): carries
   * them over now, then resolves with the customer's cart (the store's `load()` runs this first).
   */
  async carryGuestLines(): Promise<Cart> {
    await this.carryOver.ifOwed();
    return this.#core.view.confirmed ?? this.#core.view.read();
  }

  /**
   * A signed-in customer's checkout link with the hand-over (`checkout.ts`), or `null`. Guest lines
   * still owed go into the customer's cart first; when they cannot (`state.merging` still names
   * them), `null`: the shopper is not handed to a checkout without them.
   */
  async customerCheckout(url: string, param: string): Promise<string | null> {
    await this.carryOver.ifOwed();
    return this.#core.view.state.merging ? null : customerCheckout(this.#core, this.features.discover(), url, param);
  }

  async getProduct(id: number | string, signal?: AbortSignal): Promise<Product> {
    const reply = await this.#core.pipeline.send((api, ctx) => routes.getProduct(api, id, { ...ctx, signal: signal ?? ctx.signal }), { cartRoute: false });
    return reply.answer;
  }
}

function ignore(): void {}
