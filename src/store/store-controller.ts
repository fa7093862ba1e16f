import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CartStore } from './cart-store.js';
import type { CartState } from './state.js';

/**
 * The one bridge from the store to an element: subscribes while the host is connected and
 * re-renders the host only when the selected slice of state changed (by identity, or by
 * `equals` when given).
 */
export class StoreController<T> implements ReactiveController {
  /** The selected slice; `undefined` until a store is known. */
  value: T | undefined;
  /** Whether `value` holds a selection (a slice may itself be `undefined`, e.g. `state.error`). */
  #selected = false;
  #store: CartStore | undefined;
  #unsubscribe: (() => void) | undefined;
  #connected = false;
  readonly #host: ReactiveControllerHost;
  readonly #resolve: () => CartStore | undefined;
  readonly #select: (state: CartState) => T;
  readonly #equals: (a: T, b: T) => boolean;

  /**
   * @param resolve Where the store comes from; asked again before every update, as context or
   *   attributes change.
   */
  constructor(
    host: ReactiveControllerHost,
    resolve: () => CartStore | undefined,
    select: (state: CartState) => T,
    equals: (a: T, b: T) => boolean = Object.is,
  ) {
    this.#host = host;
    this.#resolve = resolve;
    this.#select = select;
    this.#equals = equals;
    host.addController(this);
  }

  hostConnected(): void {
    this.#connected = true;
    this.#attach(this.#resolve());
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#detach();
  }

  hostUpdate(): void {
    const store = this.#resolve();
    if (store !== this.#store) this.#attach(store);
  }

  #attach(store: CartStore | undefined): void {
    this.#detach();
    this.#store = store;
    if (!store) {
      this.value = undefined;
      this.#selected = false;
      return;
    }
    if (!this.#connected) return;
    // The state may have moved on while the host was away (or this is another store): catch up.
    this.#take(store.state);
    this.#unsubscribe = store.subscribe((state) => this.#take(state));
  }

  #take(state: CartState): void {
    const next = this.#select(state);
    if (this.#selected && this.#equals(this.value as T, next)) return;
    this.value = next;
    this.#selected = true;
    this.#host.requestUpdate();
  }

  #detach(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }
}
