import { initialState, Task } from '@lit/task';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import { ApiError, isApiError } from '../../api/errors.js';
import type { Currency, MixAndMatch, MixAndMatchChild, Product } from '../../api/model.js';
import { parseProductConfig, type ProductConfig } from '../../api/product-config.js';
import { CartErrorEvent, CartItemAddedEvent } from '../../events/cart-events.js';
import { describeError, withMessages, type Messages } from '../../format/messages.js';
import { formatMoney } from '../../format/money.js';
import { StoreController } from '../../store/store-controller.js';
import type { CartState } from '../../store/types.js';
import { CartElement } from '../cart-element.js';
import { addedBoxDetail } from './added-box.js';
import {
  boxContents,
  boxPrice,
  capacityFor,
  emptySelection,
  selectionStatus,
  withQuantity,
  type Selection,
  type SelectionStatus,
} from './box-selection.js';
import { styles } from './mnm-container-picker.styles.js';

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

interface StoreSlice {
  currency: Currency | null;
  /** Changes when the shopper signs in or out: member prices may differ. */
  session: string;
}

const selectSlice = (state: CartState): StoreSlice => ({
  currency: state.cart?.currency ?? null,
  session: `${state.session.kind}:${state.session.user?.id ?? ''}`,
});
const sameSlice = (a: StoreSlice, b: StoreSlice) => a.currency?.code === b.currency?.code && a.session === b.session;

/** A box configured on the page: the product, or `invalid` when it could not be read. */
type Inline = Product | 'invalid';

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
 * @csspart quantity - A product's quantity control (buttons and field).
 * @csspart step - The − and + buttons (also `step decrease`, `step increase`).
 * @csspart input - A quantity field (also the number of boxes field).
 * @csspart boxes - The number of boxes control.
 * @csspart status - The live "N of MIN–MAX selected" status with its guidance.
 * @csspart guidance - What is still needed ("Choose 2 more") or that the box is ready.
 * @csspart total - The running box price.
 * @csspart notice - The confirmation after the box was added.
 * @csspart button - Every button; the add button is also `add`.
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
 * @cssproperty --cart-radius - Corner radius.
 * @cssproperty --cart-space - Base spacing unit.
 * @cssproperty --cart-font - Font family.
 * @cssproperty --cart-image-size - Size of product images (3rem).
 */
export class MnmContainerPicker extends CartElement {
  static override styles = styles;

  /** The container product's id; the box is loaded from the products route. */
  @property({ attribute: 'product-id' }) productId?: string;

  /** The box configuration, for stores without the products route; wins over `product-id`. */
  @property({ attribute: false }) config?: ProductConfig;

  /** Keep the chosen contents after the box was added (for adding the same box again). */
  @property({ type: Boolean, attribute: 'keep-selection' }) keepSelection = false;

  /** Replacements for any visible string. */
  @property({ attribute: false }) messages?: Partial<Messages>;

  @state() private selection: Selection = emptySelection;
  @state() private boxes = 1;
  @state() private adding = false;
  @state() private addError = '';
  @state() private notice = '';
  /** The text of a child `<script type="application/json">`, when there is one. */
  @state() private scriptText: string | null = null;

  @query('input[part~="input"]:not(:disabled)') private firstField?: HTMLInputElement;

  private inline: Inline | null = null;
  private m: Messages = withMessages(undefined);
  private readonly slice = new StoreController(this, () => this.store, selectSlice, sameSlice);
  // Merchants' HTML may still be parsing the script when the element upgrades.
  private readonly scriptObserver = new MutationObserver(() => this.readScript());

  private readonly product = new Task(this, {
    task: async ([store, id], { signal }) => {
      if (!store || !id) return initialState;
      const credentials = await store.session.credentials();
      return store.api.getProduct(id, { credentials, signal });
    },
    args: () => [this.inline ? undefined : this.store, this.productId, this.slice.value?.session] as const,
  });

  override connectedCallback(): void {
    super.connectedCallback();
    this.readScript();
    this.scriptObserver.observe(this, { childList: true, subtree: true, characterData: true });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.scriptObserver.disconnect();
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('messages')) this.m = withMessages(this.messages);
    const source = changed.has('config') || changed.has('scriptText') || changed.has('amounts') || changed.has('providedStore');
    if (source) this.inline = this.readInline();
    if (changed.has('productId') || changed.has('config') || changed.has('scriptText')) this.resetSelection();
  }

  override render(): TemplateResult {
    const inline = this.inline;
    let body: unknown;
    if (inline) body = inline === 'invalid' ? this.renderLoadError(false) : this.renderBox(inline);
    else
      body = this.product.render({
        pending: () => html`<p part="loading" role="status">${this.m.loading}</p>`,
        complete: (product) => this.renderBox(product),
        error: () => this.renderLoadError(true),
      });
    return html`<div part="base">${body}</div>`;
  }

  private renderLoadError(canRetry: boolean): TemplateResult {
    return html`
      <div part="error" role="alert">${this.m.boxLoadError}</div>
      ${canRetry ? html`<button part="button retry" type="button" @click=${() => this.product.run()}>${this.m.tryAgain}</button>` : nothing}
    `;
  }

  private renderBox(product: Product): TemplateResult {
    const rules = product.mnm;
    if (!rules) return this.renderLoadError(false);
    const m = this.m;
    const status = selectionStatus(rules, this.selection);
    const currency = product.currency ?? this.slice.value?.currency ?? PLAIN_CURRENCY;
    const showTotal = rules.perProductPricing || product.prices.price > 0;
    return html`
      <form part="form" novalidate @submit=${(event: SubmitEvent) => this.onSubmit(event, product)}>
        <fieldset>
          <legend part="title">${product.name}</legend>
          <ul part="products" role="list">
            ${rules.products.map((child) => this.renderChild(child, rules, status, currency))}
          </ul>
          <label part="boxes">
            <span>${m.containerQuantity}</span>
            <input
              part="input"
              type="number"
              inputmode="numeric"
              min="1"
              .value=${live(String(this.boxes))}
              @input=${(event: Event) => this.setBoxes(event)}
              @change=${this.showCommittedValues}
            />
          </label>
          <div part="status" role="status">
            <span>${m.selected(status.count, rules.min, rules.max)}</span>
            <span part="guidance" id="guidance">${this.guidance(status)}</span>
          </div>
          ${showTotal
            ? html`<p part="total">
                <span>${m.boxPrice}</span>
                <strong>${formatMoney(boxPrice(product, this.selection, this.boxes), currency)}</strong>
              </p>`
            : nothing}
          <div part="error" role="alert">${this.addError || nothing}</div>
          <p part="notice" role="status">${this.notice || nothing}</p>
          <button
            part="button add"
            type="submit"
            ?disabled=${!status.valid}
            aria-disabled=${this.adding ? 'true' : 'false'}
            aria-describedby="guidance"
          >
            ${this.adding ? m.adding : m.addToCart}
          </button>
        </fieldset>
      </form>
    `;
  }

  private renderChild(child: MixAndMatchChild, rules: MixAndMatch, status: SelectionStatus, currency: Currency): TemplateResult {
    const m = this.m;
    const quantity = this.selection.get(child.id) ?? 0;
    const capacity = capacityFor(rules, this.selection, child.id);
    const full = capacity !== null && quantity >= capacity;
    const over = quantity > 0 && status.excess > 0;
    const step = (delta: number, blocked: boolean) => () => {
      if (!blocked) this.setQuantity(child.id, quantity + delta);
    };
    // Stepper buttons use aria-disabled, not disabled, so keyboard focus stays on them at 0 or full.
    return html`
      <li part=${child.inStock ? 'product' : 'product out-of-stock'}>
        ${child.image ? html`<img part="image" src=${child.image} alt="" loading="lazy" />` : nothing}
        <span part="name">${child.name}</span>
        <span part="details">
          ${rules.perProductPricing ? html`<span part="price">${formatMoney(child.prices.price, currency)}</span>` : nothing}
          ${child.inStock ? nothing : html`<span part="stock">${m.outOfStock}</span>`}
        </span>
        <span part="quantity">
          <button
            part="button step decrease"
            type="button"
            aria-label=${m.fewer(child.name)}
            aria-disabled=${quantity === 0 ? 'true' : 'false'}
            ?disabled=${!child.inStock}
            @click=${step(-1, quantity === 0)}
          >
            <span aria-hidden="true">−</span>
          </button>
          <input
            part="input"
            type="number"
            inputmode="numeric"
            min="0"
            max=${capacity ?? nothing}
            aria-label=${m.quantityOf(child.name)}
            aria-invalid=${over ? 'true' : 'false'}
            aria-describedby=${over ? 'guidance' : nothing}
            ?disabled=${!child.inStock}
            .value=${live(String(quantity))}
            @input=${(event: Event) => this.setQuantity(child.id, readCount(event, 0))}
            @change=${this.showCommittedValues}
          />
          <button
            part="button step increase"
            type="button"
            aria-label=${m.more(child.name)}
            aria-disabled=${full ? 'true' : 'false'}
            ?disabled=${!child.inStock}
            @click=${step(1, full)}
          >
            <span aria-hidden="true">+</span>
          </button>
        </span>
      </li>
    `;
  }

  private guidance(status: SelectionStatus): string {
    if (status.missing) return this.m.chooseMore(status.missing);
    if (status.excess) return this.m.removeSome(status.excess);
    return this.m.selectionComplete;
  }

  /** `null` while a field holds no number yet (the shopper is typing): nothing changes then. */
  private setQuantity(productId: number, quantity: number | null): void {
    if (quantity === null) return;
    this.selection = withQuantity(this.selection, productId, quantity);
    this.notice = '';
  }

  private setBoxes(event: Event): void {
    const boxes = readCount(event, 1);
    if (boxes === null) return;
    this.boxes = boxes;
    this.notice = '';
  }

  /** When a field is left, it shows the count in effect again (an emptied or negative entry). */
  private readonly showCommittedValues = () => this.requestUpdate();

  private resetSelection(): void {
    this.selection = emptySelection;
    this.boxes = 1;
    this.addError = '';
    this.notice = '';
  }

  private async onSubmit(event: SubmitEvent, product: Product): Promise<void> {
    event.preventDefault();
    const store = this.store;
    if (!store || !product.mnm || this.adding || !selectionStatus(product.mnm, this.selection).valid) return;
    const selection = this.selection;
    const boxes = this.boxes;
    this.adding = true;
    this.addError = '';
    this.notice = '';
    try {
      const cart = await store.addItem({ id: product.id, quantity: boxes, itemData: { mnm_config: boxContents(selection) } });
      this.dispatchEvent(new CartItemAddedEvent(addedBoxDetail(cart, product, selection, boxes)));
      if (!this.keepSelection) await this.startNewBox();
      this.notice = this.m.boxAdded;
    } catch (error) {
      this.showAddError(error);
    } finally {
      this.adding = false;
    }
  }

  /** Empties the box; focus leaves the now-disabled add button for the first quantity field. */
  private async startNewBox(): Promise<void> {
    const hadFocus = this.shadowRoot?.activeElement?.matches('[part~="add"]') ?? false;
    this.resetSelection();
    await this.updateComplete;
    if (hadFocus) this.firstField?.focus();
  }

  private showAddError(error: unknown): void {
    const apiError = isApiError(error)
      ? error
      : new ApiError({ kind: 'invalid-response', message: this.m.boxError, cause: error });
    if (apiError.kind === 'aborted') return;
    // Real servers refuse a box without a code or with an empty body: say what to check.
    this.addError = describeError(apiError, { ...this.m, genericError: this.m.boxError });
    this.dispatchEvent(new CartErrorEvent({ error: apiError, action: 'add-item' }));
  }

  private readScript(): void {
    const script = this.querySelector(':scope > script[type="application/json"]');
    this.scriptText = script ? (script.textContent ?? '') : null;
  }

  private readInline(): Inline | null {
    const source = this.config ?? this.scriptText;
    if (source === undefined || source === null) return null;
    try {
      return parseProductConfig(source, { amounts: this.store?.api.amounts ?? 'auto' });
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
