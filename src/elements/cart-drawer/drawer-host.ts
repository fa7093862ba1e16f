import type { ReactiveControllerHost } from 'lit';
import type { Language } from '../../format/locales/languages.js';
import type { CartStore } from '../../store/cart-store.js';

/**
 * What the open drawer's panel (`panel.ts`) uses of its `<cart-drawer>`: the element loads the
 * panel, and the panel knows the element only through this, not through its module.
 */
export interface DrawerHost extends ReactiveControllerHost, HTMLElement {
  /** Whether the drawer is open; the panel closes it by setting `false`. */
  open: boolean;
  /** The drawer's own checkout link, when it has one (`checkout-url`). */
  readonly checkoutUrl?: string;
  readonly store: CartStore | undefined;
  readonly language: Language;
  readonly renderRoot: HTMLElement | DocumentFragment;
}
