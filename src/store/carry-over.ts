import { type ApiError, toApiError } from '../api/errors.js';
import type { Cart } from '../api/model.js';
import * as routes from '../api/routes.js';
import type { AddItemInput } from '../api/routes.js';
import { boxOf } from './boxes.js';
import type { CartChanges } from './cart-changes.js';
import { CARRY_OVER, forgetCartKey, keptCartKey } from './cart-key.js';
import type { CartView } from './cart-view.js';
import type { Persistence } from './persistence.js';
import type { RequestPipeline } from './request-pipeline.js';
import type { Session } from './session.js';

/**
 * A sign-in's carry-over still owed: the guest key, the guest lines done (carried or named), and
 * the line whose add went out last with how many of its product the customer's cart held before it.
 */
interface CarryRecord {
  key: string;
  carried: string[];
  sent?: [line: string, before: number];
}

/**
 * The guest's lines going into the customer's cart at a sign-in (architecture §3, "Signing in never
 * loses a line"), and until they all have: the record of what is owed is kept in storage
 * (`CARRY_OVER`, every tab of the shop sees it), and any later load, change or Checkout carries the
 * rest first. The guest key is forgotten only once every line is in the customer's cart or named as
 * refused by the shop (stock, sold individually: `state.notMerged`); until then `state.merging`
 * names the lines still on their way.
 */
export class CarryOver {
  readonly #pipeline: RequestPipeline;
  readonly #view: CartView;
  readonly #session: Session;
  readonly #persistence: Persistence;
  readonly #changes: CartChanges;
  /** The timer of the next try of its own, after a temporary failure. */
  #resume?: ReturnType<typeof setTimeout>;

  constructor(pipeline: RequestPipeline, view: CartView, session: Session, persistence: Persistence, changes: CartChanges) {
    this.#pipeline = pipeline;
    this.#view = view;
    this.#session = session;
    this.#persistence = persistence;
    this.#changes = changes;
  }

  /**
   * At a sign-in, before the credentials change (holding the cart's lock): the guest key kept and
   * its cart as it is now — the one on screen when it is this key's, else asked for. `null` for a
   * signed-in session or no key.
   */
  async guestCartNow(): Promise<{ key: string; cart: Cart | null } | null> {
    const key = this.#session.state.kind === 'guest' ? keptCartKey(this.#persistence) : null;
    if (!key) return null;
    const onScreen = this.#view.confirmed;
    return { key, cart: onScreen?.key === key ? onScreen : await this.#guestCart(key) };
  }

  /** Just after the sign-in, holding the lock: carries `guest`'s lines; `false` when there were none. */
  async begin(guest: { key: string; cart: Cart | null } | null): Promise<boolean> {
    if (!guest?.cart || !linesToCarry(guest.cart).length) {
      this.#forget();
      return false;
    }
    const record = this.#owed() ?? { key: guest.key, carried: [] };
    this.#save(record);
    await this.#carry(record, guest.cart);
    return true;
  }

  /**
   * Carries the lines still owed, if any (taking the cart's lock). `tries`: how many tries of its
   * own came before this one; none when the shopper's (a load, a change, Checkout).
   */
  async ifOwed(tries?: number): Promise<void> {
    // Nothing owed to a customer (another tab may have carried the lines, or signed out): nothing is on its way.
    if (this.#session.state.kind === 'guest' || !this.#persistence.read(CARRY_OVER)) return this.#view.set({ merging: undefined });
    await this.#pipeline.exclusive(async () => {
      const record = this.#owed();
      if (!record) this.#forget();
      else if (this.#session.state.kind !== 'guest') await this.#carry(record, null, tries);
    });
  }

  /**
   * Carries the guest's lines not done yet, holding the cart's lock. A temporary failure (no answer,
   * an answer that is not a cart, 5xx) keeps the key and what is left, and the carry-over is tried
   * again on its own 1 s later, then 2, 4 and every 8 s (it resumes within 10 s once the shop answers
   * again) while the page is open and a customer signed in, and at the next load or action; the
   * shopper hears of the failure of a try they caused (`tries` 0), not of the tries of its own. A
   * line whose request got no answer is judged by the customer's cart, read again, then or at a
   * later try: there, or not yet carried.
   */
  async #carry(record: CarryRecord, guestCart: Cart | null, tries = 0): Promise<void> {
    const view = this.#view;
    const failed: string[] = [];
    try {
      // A guest cart the shop no longer has leaves nothing to carry.
      guestCart ??= await this.#guestCart(record.key);
      const lines = guestCart ? linesToCarry(guestCart).filter((line) => !record.carried.includes(line.key)) : [];
      let saved: Cart | null = null;
      if (lines.length) saved = await view.read(true);
      if (saved && !saved.items.length && !record.carried.length) {
        // Nothing to lose: the server moves the whole guest cart over in one request.
        try {
          await this.#changes.write((api, ctx) => api.getCart(ctx), { cartKey: record.key, lockHeld: true });
        } catch (caught) {
          // No answer: the customer's cart, read again, shows whether the shop moved it.
          if (!(toApiError(caught).cartReread && view.confirmed?.items.length)) throw caught;
        }
        lines.length = 0;
      }
      for (const [index, line] of lines.entries()) {
        const { id, quantity } = line.input;
        view.set({ merging: Object.freeze(lines.slice(index).map(({ name }) => name)) });
        // An add that got no answer at an earlier try counts from what the cart held before it.
        const before = record.sent?.[0] === line.key ? record.sent[1] : quantityOfProduct(view.confirmed, id);
        const landed = () => quantityOfProduct(view.confirmed, id) >= before + quantity;
        record.sent = [line.key, before];
        this.#save(record);
        try {
          if (!landed()) await this.#changes.write((api, ctx) => routes.addItem(api, line.input, ctx), { lockHeld: true });
        } catch (caught) {
          const error = toApiError(caught);
          // No answer: the customer's cart, read again (or not: then as before the add), shows whether it landed.
          if (error.outcomeUnknown ? !landed() : temporary(error)) throw error;
          if (!error.outcomeUnknown) failed.push(line.name);
        }
        record.carried.push(line.key);
      }
      this.#forget();
    } catch (caught) {
      const error = toApiError(caught);
      if (error.kind === 'aborted') return;
      if (!view.confirmed) await view.read(true).catch(ignore);
      if (!tries) view.set({ status: 'error', error });
      // One timer per page: a newer failure's replaces an older one's.
      clearTimeout(this.#resume);
      this.#resume = setTimeout(() => this.ifOwed(tries + 1), Math.min(1000 * 2 ** tries, 8000));
    } finally {
      // "Beanie has been added": the shop's notices about the carried lines are not the shopper's news.
      view.dropNotices();
      if (failed.length) view.set({ notMerged: Object.freeze(failed) });
    }
  }

  /** The carry-over owed for the guest key kept, or `null` (storage is input: another key's or shape's is none). */
  #owed(): CarryRecord | null {
    try {
      const record = JSON.parse(this.#persistence.read(CARRY_OVER)!) as CarryRecord | null;
      return record?.key && record.key === keptCartKey(this.#persistence) && record.carried.every((line) => typeof line === 'string') ? record : null;
    } catch {
      return null;
    }
  }

  #save(record: CarryRecord): void {
    this.#persistence.write(CARRY_OVER, JSON.stringify(record));
  }

  /** Nothing is owed any more: the record and the guest key go, in every tab. */
  #forget(): void {
    this.#persistence.write(CARRY_OVER, null);
    forgetCartKey(this.#persistence);
    this.#view.set({ merging: undefined });
  }

  /**
   * The guest's cart, read to carry its lines into the customer's; `null` when there is nothing to
   * carry (the shop no longer has it). When the shop cannot be reached, or answers with something
   * that is not a cart, the sign-in stops before it starts: signing in now would leave the guest's
   * lines behind, so the shopper is told to try again and loses nothing.
   */
  async #guestCart(key: string): Promise<Cart | null> {
    try {
      return (await this.#pipeline.send((api, ctx) => api.getCart(ctx), { asGuest: key, lockHeld: true })).answer;
    } catch (caught) {
      const error = toApiError(caught);
      if (temporary(error)) throw error;
      return null;
    }
  }
}

/** A failure that says nothing about the line: the same request may work later. */
function temporary(error: ApiError): boolean {
  return error.transient || error.kind === 'invalid-response';
}

function quantityOfProduct(cart: Cart | null, id: AddItemInput['id']): number {
  return (cart?.items ?? []).reduce((sum, item) => (String(item.id) === String(id) ? sum + item.quantity.value : sum), 0);
}

/**
 * What a guest cart's lines need to join another cart: a mix-and-match box as one line with its
 * contents' configuration (its children come with it), any other line by its product or variation
 * id with the extra data it was added with.
 */
function linesToCarry(cart: Cart): Array<{ key: string; name: string; input: AddItemInput }> {
  return cart.items
    .filter((item) => !boxOf(item) && item.quantity.value > 0)
    .map((item) => {
      const { mnm_contents: _contents, mnm_container: _container, ...itemData } = item.data;
      return { key: item.key, name: item.name, input: { id: item.id, quantity: item.quantity.value, itemData } };
    });
}

function ignore(): void {}
