import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CartStore } from './cart-store.js';
import type { CartState } from './types.js';

/**
 * The one bridge from the store to an element: subscribes while the host is connected and
 * re-renders the host only when the selected slice of state changed (by identity, or by
 * `equals` when given).
 */
export class StoreController<T> implements ReactiveController {
  /** The selected slice; `undefined` until a store is known. */
  value: T | undefined;
  private store: CartStore | undefined;
  private unsubscribe: (() => void) | undefined;
  private connected = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** Where the store comes from; asked again before every update, as context or attributes change. */
    private readonly resolve: () => CartStore | undefined,
    private readonly select: (state: CartState) => T,
    private readonly equals: (a: T, b: T) => boolean = Object.is,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    this.attach(this.resolve());
  }

  hostDisconnected(): void {
    this.connected = false;
    this.detach();
  }

  hostUpdate(): void {
    const store = this.resolve();
    if (store !== this.store) this.attach(store);
  }

  private attach(store: CartStore | undefined): void {
    this.detach();
    this.store = store;
    if (!store || !this.connected) return;
    this.value = this.select(store.state);
    this.unsubscribe = store.subscribe((state) => {
      const next = this.select(state);
      if (this.value !== undefined && this.equals(this.value, next)) return;
      this.value = next;
      this.host.requestUpdate();
    });
  }

  private detach(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }
}
