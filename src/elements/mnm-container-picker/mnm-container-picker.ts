import { initialState, Task } from '@lit/task';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { Currency, MixAndMatch, MixAndMatchChild, Product } from '../../api/model.js';
import { parseProductConfig, type ProductConfig } from '../../api/product-config.js';
import { CartItemAddedEvent } from '../../events/cart-events.js';
import type { Messages } from '../../format/messages.js';
import { formatMoney } from '../../format/money.js';
import { StoreController } from '../../store/store-controller.js';
import type { CartState } from '../../store/state.js';
import { CartElement, reportFailure } from '../cart-element.js';
import { askToAdd } from '../item-adding.js';
import { followValuesInEffect } from '../values-in-effect.js';
import { addedBoxDetail } from './added-box.js';
import { boxContents, boxPrice, capacityFor, emptySelection, selectionStatus, withQuantity, type Selection } from './box-selection.js';
import { styles } from './mnm-container-picker.styles.js';
// Last: in this order the picker's chunk and cart-widget.all.js gzip a little smaller (measured).
import { pickerMessages, type PickerMessages } from '../../format/messages/mnm-container-picker.js';

/** Used only when neither the product nor a loaded cart names a currency: plain numbers. */
const PLAIN_CURRENCY: Currency = {
  code: '',
  symbol: '',
  minorUnit: 2,
  decimalSeparator: '.',
  thousandSeparator: ',',
  prefix: '',
  suffix: '',
};

/**
 * A mix-and-match box: the shopper chooses how many of each allowed product go into the box and
 * adds the box (container plus contents) to the cart in one request.
 *
 * The box comes from the products route (`product-id`), or from the page for stores without that
 * route: the `config` property or a child `<script type="application/json">` (not displayed; see
 * `ProductConfig` in `api/product-config.ts`: both the route's JSON with `mnm_data` and the
 * normalised shape are read). Configured on the page, the box wins over `product-id`.
 *
 * Out-of-stock products are listed but cannot be chosen. "Add to cart" stays disabled, with the
 * reason attached, until the box holds between its minimum and maximum; after a successful add the
 * box starts empty again unless `keep-selection` is set. Priced per product, the running price
 * (times the number of boxes) is shown in the product's currency, else the cart's.
 *
 * @summary Builds a mix-and-match box and adds it to the cart.
 *
 * @event cart-item-adding - Before the request (cancelable): `{ productId, quantity, itemData }` with the box's contents as `itemData.mnm_config`; a listener may change `quantity` (boxes) or add to `itemData`.
 * @event cart-item-added - The box was added; `detail` is GA4-shaped (`currency`, `value`, `items`: the container and its contents) plus `cart`.
 * @event cart-error - Adding the box failed; `detail`: `{ error, action: 'add-item' }`.
 *
 * @csspart base - The wrapper around everything.
 * @csspart loading - The loading message.
 * @csspart error - An error message (loading or adding).
 * @csspart retry - The "Try again" button.
 * @csspart form - The box form.
 * @csspart title - The container's name.
 * @csspart products - The list of allowed products.
 * @csspart product - One allowed product (also `product out-of-stock`).
 * @csspart image - A product's image.
 * @csspart name - A product's name.
 * @csspart details - A product's price and stock note.
 * @csspart price - A product's price (priced per product only).
 * @csspart stock - The "Out of stock" note.
 * @csspart out-of-stock - An allowed product that cannot be chosen now (with `product`).
 * @csspart quantity - A product's quantity control (buttons and field).
 * @csspart step - The − and + buttons (also `step decrease`, `step increase`).
 * @csspart decrease - The − button (with `button step`).
 * @csspart increase - The + button (with `button step`).
 * @csspart input - A quantity field (also the number of boxes field).
 * @csspart boxes - The number of boxes control.
 * @csspart status - The live "N of MIN–MAX selected" status with its guidance.
 * @csspart guidance - What is still needed ("Choose 2 more") or that the box is ready.
 * @csspart total - The running box price.
 * @csspart notice - The confirmation after the box was added.
 * @csspart button - Every button; the add button is also `primary` and `add`.
 * @csspart primary - The "Add to cart" button (as on the other elements' main buttons).
 * @csspart add - The "Add to cart" button.
 *
 * @cssproperty --cart-accent - Accent colour (the add button).
 * @cssproperty --cart-accent-fg - Text colour on the accent.
 * @cssproperty --cart-bg - Background.
 * @cssproperty --cart-fg - Text colour.
 * @cssproperty --cart-muted - Secondary text colour (prices, guidance).
 * @cssproperty --cart-border - Border colour.
 * @cssproperty --cart-danger - Error colour.
 * @cssproperty --cart-focus - Focus ring colour (the accent by default).
 * @cssproperty --cart-radius - Corner radius of controls and surfaces alike (the default of the two below).
 * @cssproperty --cart-control-radius - Corner radius of buttons and fields (default `--cart-radius`; `999px` makes pills).
 * @cssproperty --cart-surface-radius - Corner radius of boxes, notices and pictures (default `--cart-radius`).
 * @cssproperty --cart-space - Base spacing unit.
 * @cssproperty --cart-font - Font family.
 * @cssproperty --cart-image-size - Size of product images (`3em` of the shopper's preferred text size: 48px by default).
 */
export class MnmContainerPicker extends CartElement {
  static override styles = styles;
  static override properties = {
    productId: { attribute: 'product-id' },
    config: { attribute: false },
    keepSelection: { type: Boolean, attribute: 'keep-selection' },
    messages: { attribute: false },
    selection: { state: true },
    boxes: { state: true },
    adding: { state: true },
    addError: { state: true },
    notice: { state: true },
    scriptText: { state: true },
  };

  /** The container product's id; the box is loaded from the products route. */
  declare productId?: string;

  /** The box configuration, for stores without the products route; wins over `product-id`. */
  declare config?: ProductConfig;

  /** Keep the chosen contents after the box was added (for adding the same box again). */
  keepSelection = false;

  /** Replacements for any visible string. */
  declare messages?: Partial<Messages>;

  private selection: Selection = emptySelection;
  private boxes = 1;
  private adding = false;
  private addError = '';
  private notice = '';
  /** The text of a child `<script type="application/json">`, when there is one. */
  private scriptText: string | null = null;

  /** The box configured on the page: the product, `invalid` when it could not be read, else `null`. */
  #inline: Product | 'invalid' | null = null;
  readonly #slice = new StoreController(
    this,
    () => this.store,
    (state: CartState) => ({
      currency: state.cart?.currency,
      // Changes when the shopper signs in or out: member prices may differ.
      session: `${state.session.kind}:${state.session.user?.id ?? ''}`,
    }),
    (a, b) => a.currency?.code === b.currency?.code && a.session === b.session,
  );
  // Merchants' HTML may still be parsing the script when the element upgrades.
  readonly #scriptObserver = new MutationObserver(() => this.#readScript());
  /** After each render, the fields show the values in effect. */
  #showValues: (() => void) | undefined;

  readonly #product = new Task(this, {
    task: async ([store, id], { signal }) => {
      if (!store || !id) return initialState;
      return store.getProduct(id, signal);
    },
    args: () => [this.#inline ? undefined : this.store, this.productId, this.#slice.value?.session] as const,
  });

  get #m(): PickerMessages {
    return this.resolveMessages(pickerMessages, this.messages);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#readScript();
    this.#scriptObserver.observe(this, { childList: true, subtree: true, characterData: true });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#scriptObserver.disconnect();
  }

  protected override willUpdate(changed: PropertyValues): void {
    const source = changed.has('config') || changed.has('scriptText');
    if (source || changed.has('amounts') || changed.has('providedStore')) this.#inline = this.#readInline();
    if (source || changed.has('productId')) this.#reset();
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    (this.#showValues ??= followValuesInEffect(this.renderRoot))();
  }

  override render(): TemplateResult {
    return html`<div part="base">${this.#inline
      ? this.#box(this.#inline)
      : this.#product.render({
          pending: () => html`<p part="loading" role="status">${this.#m.loading}</p>`,
          complete: (product) => this.#box(product),
          error: () => this.#loadError(true),
        })}</div>`;
  }

  #loadError(canRetry?: boolean): TemplateResult {
    return html`
      <div part="error" role="alert">${this.#m.boxLoadError}</div>
      ${canRetry ? html`<button part="button retry" type="button" @click=${this.#retry}>${this.#m.tryAgain}</button>` : nothing}
    `;
  }

  async #retry(): Promise<void> {
    await this.#product.run();
    await this.updateComplete;
    // The pressed button left with the error: unless the shopper has moved on, focus goes to the
    // box's first field (or to "Try again" once more).
    if (document.activeElement === document.body) this.renderRoot.querySelector<HTMLElement>('input:enabled,[part~=retry]')?.focus();
  }

  #box(product: Product | 'invalid'): TemplateResult {
    if (product === 'invalid' || !product.mnm) return this.#loadError();
    const rules = product.mnm;
    const m = this.#m;
    const status = selectionStatus(rules, this.selection);
    const currency = product.currency ?? this.#slice.value?.currency ?? PLAIN_CURRENCY;
    return html`
      <form part="form" novalidate @submit=${(event: SubmitEvent) => this.#add(event, product, status.valid)}>
        <fieldset>
          <legend part="title">${product.name}</legend>
          <ul part="products" role="list">
            ${rules.products.map((child) => this.#child(child, rules, status.excess > 0, currency))}
          </ul>
          <label part="boxes">
            ${m.containerQuantity}
            <input
              part="input"
              type="number"
              inputmode="numeric"
              min="1"
              data-value=${this.boxes}
              @input=${(event: Event) => this.#setBoxes(event)}
              @change=${this.#showCommittedValues}
            />
          </label>
          <div part="status" role="status">
            ${m.selected(status.count, rules.min, rules.max)}
            <span part="guidance" id="guidance"
              >${status.missing ? m.chooseMore(status.missing) : status.excess ? m.removeSome(status.excess) : m.selectionComplete}</span
            >
          </div>
          ${rules.perProductPricing || product.prices.price > 0
            ? html`<p part="total">
                ${m.boxPrice}
                <strong>${formatMoney(boxPrice(product, this.selection, this.boxes), currency)}</strong>
              </p>`
            : nothing}
          <div part="error" role="alert">${this.addError || nothing}</div>
          <p part="notice" role="status">${this.notice || nothing}</p>
          <button part="button primary add" type="submit" ?disabled=${!status.valid} aria-disabled=${this.adding || nothing} aria-describedby="guidance">
            ${this.adding ? m.adding : m.addToCart}
          </button>
        </fieldset>
      </form>
    `;
  }

  #child(child: MixAndMatchChild, rules: MixAndMatch, tooMany: boolean, currency: Currency): TemplateResult {
    const m = this.#m;
    const quantity = this.selection.get(child.id) ?? 0;
    const capacity = capacityFor(rules, this.selection, child.id);
    const over = quantity > 0 && tooMany;
    // Stepper buttons use aria-disabled, not disabled, so keyboard focus stays on them at 0 or full.
    // Their name is the label; the sign is only seen.
    const step = (part: string, label: string, sign: string, delta: number, blocked: boolean) =>
      html`<button
        part="button step ${part}"
        type="button"
        aria-label=${label}
        aria-disabled=${blocked}
        ?disabled=${!child.inStock}
        @click=${() => blocked || this.#choose(child.id, quantity + delta)}
      >
        ${sign}
      </button>`;
    return html`
      <li part=${child.inStock ? 'product' : 'product out-of-stock'}>
        ${child.image ? html`<img part="image" src=${child.image} alt="" loading="lazy" />` : nothing}
        <span part="name">${child.name}</span>
        <span part="details">
          ${rules.perProductPricing ? html`<span part="price">${formatMoney(child.prices.price, currency)}</span>` : nothing}
          ${child.inStock ? nothing : html`<span part="stock">${m.outOfStock}</span>`}
        </span>
        <span part="quantity">
          ${step('decrease', m.fewer(child.name), '−', -1, quantity === 0)}
          <input
            part="input"
            type="number"
            inputmode="numeric"
            min="0"
            max=${capacity ?? nothing}
            aria-label=${m.quantityOf(child.name)}
            aria-invalid=${over}
            aria-describedby=${over ? 'guidance' : nothing}
            ?disabled=${!child.inStock}
            data-value=${quantity}
            @input=${(event: Event) => this.#choose(child.id, readCount(event, 0))}
            @change=${this.#showCommittedValues}
          />
          ${step('increase', m.more(child.name), '+', 1, capacity !== null && quantity >= capacity)}
        </span>
      </li>
    `;
  }

  /** `null` while a field holds no number yet (the shopper is typing): nothing changes then. */
  #choose(productId: number, quantity: number | null): void {
    if (quantity === null) return;
    this.selection = withQuantity(this.selection, productId, quantity);
    this.notice = '';
  }

  #setBoxes(event: Event): void {
    const boxes = readCount(event, 1);
    if (boxes === null) return;
    this.boxes = boxes;
    this.notice = '';
  }

  /** When a field is left, it shows the count in effect again (an emptied or negative entry). */
  readonly #showCommittedValues = () => this.requestUpdate();

  #reset(): void {
    this.selection = emptySelection;
    this.boxes = 1;
    this.addError = '';
    this.notice = '';
  }

  async #add(event: SubmitEvent, product: Product, valid: boolean): Promise<void> {
    event.preventDefault();
    const store = this.store;
    const { selection, boxes } = this;
    if (!store || this.adding || !valid) return;
    const input = askToAdd(this, { productId: String(product.id), quantity: boxes, itemData: { mnm_config: boxContents(selection) } });
    if (!input) return;
    const m = this.#m;
    this.adding = true;
    this.addError = '';
    this.notice = '';
    try {
      const cart = await store.addItem(input);
      this.dispatchEvent(new CartItemAddedEvent(addedBoxDetail(cart, product, selection, input.quantity)));
      if (!this.keepSelection) {
        // A new, empty box: focus leaves the now-disabled add button for the first quantity field.
        const hadFocus = this.shadowRoot!.activeElement?.matches('[part~="add"]');
        this.#reset();
        await this.updateComplete;
        if (hadFocus) this.renderRoot.querySelector<HTMLInputElement>('input:enabled')?.focus();
      }
      this.notice = m.boxAdded;
    } catch (error) {
      // Real servers refuse a box without a code or with an empty body: say what to check.
      this.addError = reportFailure(this, error, 'add-item', { messages: { ...m, genericError: m.boxError, requestRefused: m.boxError } });
    } finally {
      this.adding = false;
    }
  }

  #readScript(): void {
    const script = this.querySelector(':scope > script[type="application/json"]');
    this.scriptText = script ? (script.textContent ?? '') : null;
  }

  #readInline(): Product | 'invalid' | null {
    const source = this.config ?? this.scriptText;
    if (source == null) return null;
    try {
      return parseProductConfig(source, { amounts: this.store?.config.amounts ?? 'auto' });
    } catch {
      return 'invalid';
    }
  }
}

/** A whole count of at least `min` from a number field's input event; `null` while it holds no number. */
function readCount(event: Event, min: number): number | null {
  const value = Math.trunc((event.target as HTMLInputElement).valueAsNumber);
  return Number.isFinite(value) ? Math.max(min, value) : null;
}
