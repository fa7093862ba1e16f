import { html, nothing, type ReactiveControllerHost } from 'lit';
import { isApiError } from '../../api/errors.js';
import type { Notice } from '../../api/model.js';
import { analyticsDetail } from '../../events/analytics.js';
import { CartUpdatedEvent } from '../../events/cart-events.js';
import type { DrawerMessages as Messages } from '../../format/messages/cart-drawer.js';
import type { CartStore } from '../../store/cart-store.js';
import type { CartState, ShippingEstimate } from '../../store/state.js';
import { reportFailure } from '../cart-element.js';

/**
 * ISO 3166-1 alpha-2 codes, A–Z; their names come from `Intl.DisplayNames` in the drawer's language.
 * Written as a bitmap over every two-letter code (`AA`…`ZZ`, five per base-32 digit): the 249
 * codes as text cost every page with the drawer three times the bytes (gzipped).
 */
const COUNTRIES: string[] = [];
for (let n = 0; n < 676; n++) {
  if ((parseInt('obmudnvttdnttjs74c508a30e00ol40mvsub10kh606gn7080q00gec5kfg2o7lvsvvftic9800200h7fsk200000202lonv7nemrfaj1248gblg020400100000080080104040'[(n / 5) | 0]!, 32) >> n % 5) & 1) {
    COUNTRIES.push(String.fromCharCode(65 + ((n / 26) | 0), 65 + (n % 26)));
  }
}

/**
 * Countries whose shipping zones go by state (WooCommerce's codes): the estimate asks for one. The
 * states' names are a table of their own (`format/locales/states.ts`), loaded when the form opens.
 */
const BY_STATE = ['US', 'CA', 'AU'];

/** The states' table: `undefined` until loaded, `null` when it could not load (offline): the state is typed. */
let stateTable: Record<string, string> | null | undefined;
let loadingStates: Promise<void> | undefined;

const statesOf = (country: string): Array<[code: string, name: string]> =>
  stateTable?.[country]?.split('|').map((entry) => [entry.slice(0, entry.indexOf(' ')), entry.slice(entry.indexOf(' ') + 1)]) ?? [];

type Field = 'country' | 'state' | 'postcode';

/**
 * The drawer's shipping estimate, where the shop has `cart/update` with `update-customer`:
 * "Calculate shipping" (or "Change address") opens "Country", "State / Region" where the country
 * goes by state, "Postcode" and "Update"; afterwards "Shipping to COUNTRY" — or, when the shop kept
 * its own region for the rates (CoCart 4.3.6), a note saying so, and no estimate any more.
 */
export class ShippingEstimateForm {
  #open = false;
  #busy = false;
  /** Why the last try failed; `field` is the field at fault. */
  #error: { text: string; field?: Field } | null = null;
  /** The country chosen in the form (its states show), before it is sent. */
  #country = '';
  /** The shop's notices that came with the last estimate: said here in our words, not in the drawer's list. */
  ownNotices: readonly Notice[] | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { renderRoot: HTMLElement | DocumentFragment; language: string },
    private readonly store: () => CartStore | undefined,
    private readonly messages: () => Messages,
  ) {}

  render(state: CartState) {
    const { estimate } = state.features;
    const last = state.shippingEstimate;
    const shopRegion = last?.outcome === 'shop-region';
    if (!estimate && !shopRegion && !this.#error) return nothing;
    const m = this.messages();
    const followed = last?.outcome === 'followed' ? last : null;
    return html`<div class="estimate" part="estimate">
      <div part="estimate-status" role="status">
        ${followed ? html`<p part="estimate-destination">${m.shippingTo(this.#countryName(followed.destination.country))}</p>` : nothing}
        ${shopRegion ? html`<p class="estimate-note" part="estimate-note" id="estimate-note" tabindex="-1">${m.ratesForShopRegion}</p>` : nothing}
      </div>
      ${estimate && this.#open ? this.#form(m, last) : nothing}
      ${estimate && !this.#open
        ? html`<button class="estimate-toggle" part="estimate-toggle" type="button" @click=${this.#show}>
            ${followed ? m.changeAddress : m.calculateShipping}
          </button>`
        : nothing}
      ${!this.#open && this.#error ? html`<p class="estimate-error" part="estimate-error" id="estimate-message" role="alert" tabindex="-1">${this.#error.text}</p>` : nothing}
    </div>`;
  }

  #form(m: Messages, last: ShippingEstimate | null) {
    const country = this.#country;
    const states = statesOf(country);
    const error = this.#error;
    const invalid = (field: Field) => (error?.field === field ? 'true' : nothing);
    const describedBy = (field: Field) => (error?.field === field ? 'estimate-error' : nothing);
    const previous = last?.destination.country === country ? last.destination : undefined;
    return html`<form class="estimate-form" part="estimate-form" data-form="estimate" novalidate aria-label=${m.shippingAddress} @submit=${this.#submit}>
      <label part="estimate-label" for="estimate-country">${m.country}</label>
      <select
        part="estimate-country select"
        id="estimate-country"
        name="country"
        autocomplete="country"
        aria-invalid=${invalid('country')}
        aria-describedby=${describedBy('country')}
        @change=${this.#chooseCountry}
      >
        ${this.#countries().map(([code, name]) => html`<option value=${code} ?selected=${code === country}>${name}</option>`)}
      </select>
      ${BY_STATE.includes(country)
        ? html`<label part="estimate-label" for="estimate-state">${m.stateRegion}</label>
            ${stateTable === null
              ? html`<input
                  part="estimate-state input"
                  id="estimate-state"
                  name="state"
                  autocomplete="address-level1"
                  required
                  value=${previous?.state ?? ''}
                  aria-invalid=${invalid('state')}
                  aria-describedby=${describedBy('state')}
                />`
              : html`<select
                  part="estimate-state select"
                  id="estimate-state"
                  name="state"
                  autocomplete="address-level1"
                  required
                  aria-invalid=${invalid('state')}
                  aria-describedby=${describedBy('state')}
                >
                  <option value="" ?selected=${!previous?.state}></option>
                  ${states.map(([code, name]) => html`<option value=${code} lang="en" ?selected=${code === previous?.state}>${name}</option>`)}
                </select>`}`
        : nothing}
      <label part="estimate-label" for="estimate-postcode">${m.postcode}</label>
      <input
        part="estimate-postcode input"
        id="estimate-postcode"
        name="postcode"
        autocomplete="postal-code"
        value=${previous?.postcode ?? ''}
        aria-invalid=${invalid('postcode')}
        aria-describedby=${describedBy('postcode')}
      />
      <p class="estimate-error" part="estimate-error" id="estimate-error" role="alert">${error?.text ?? ''}</p>
      <div class="estimate-actions" part="estimate-actions">
        <button part="estimate-update button" type="submit" aria-disabled=${this.#busy ? 'true' : nothing}>${m.updateEstimate}</button>
        <button class="estimate-cancel" part="estimate-cancel" type="button" @click=${this.#cancel}>${m.cancel}</button>
      </div>
    </form>`;
  }

  #show = async (): Promise<void> => {
    const state = this.store()?.state;
    this.#country ||= state?.shippingEstimate?.destination.country || guessCountry(this.#language());
    this.#open = true;
    this.#error = null;
    this.#loadStates();
    await this.#update();
    this.#focus('#estimate-country');
  };

  /** The states' table, once; when it cannot load, the State field is typed, and the next opening tries again. */
  #loadStates(): void {
    loadingStates ??= import('../../format/locales/states.js').then(
      (module) => {
        stateTable = module.STATES;
      },
      (error: unknown) => {
        stateTable = null;
        loadingStates = undefined;
        console.warn('cart-widget: the states could not be loaded; the State field is typed instead.', error);
      },
    );
    void loadingStates.then(() => this.host.requestUpdate());
  }

  #cancel = async (): Promise<void> => {
    this.#open = false;
    this.#error = null;
    await this.#update();
    this.#focus("[part~='estimate-toggle']");
  };

  #chooseCountry = (event: Event): void => {
    this.#country = (event.target as HTMLSelectElement).value;
    if (this.#error?.field !== 'country') this.#error = null;
    this.host.requestUpdate();
  };

  #submit = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const store = this.store();
    if (!store || this.#busy) return;
    const form = new FormData(event.target as HTMLFormElement);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    const destination = { country: value('country'), state: value('state'), postcode: value('postcode') };
    const m = this.messages();
    if (BY_STATE.includes(destination.country) && !destination.state) {
      this.#error = { text: m.chooseState, field: 'state' };
      await this.#update();
      this.#focus('#estimate-state');
      return;
    }
    this.#busy = true;
    this.#error = null;
    this.host.requestUpdate();
    try {
      const cart = await store.estimateShipping(destination);
      const outcome = store.state.shippingEstimate;
      // The shop's "Cart updated." or its notice about a refused field, said here instead; any
      // other error it sent stays in the drawer's list.
      this.ownNotices = outcome?.outcome === 'refused' || !cart.notices.some((notice) => notice.type === 'error') ? cart.notices : undefined;
      if (outcome?.outcome === 'refused') {
        const field = outcome.refused[0]!;
        const name = this.#countryName(destination.country);
        const text = field === 'postcode' ? m.postcodeNotValid(name) : field === 'country' ? m.countryNotShipped(name) : m.stateNotValid;
        this.#error = { text, field };
        await this.#update();
        this.#focus(`#estimate-${field}`);
        return;
      }
      this.#open = false;
      this.host.dispatchEvent(new CartUpdatedEvent({ ...analyticsDetail(cart, cart.items), cart, change: 'shipping' }));
      await this.#update();
      this.#focus(outcome?.outcome === 'followed' ? "[part~='estimate-toggle']" : '#estimate-note');
    } catch (error) {
      if (!isApiError(error) || error.kind === 'aborted') return;
      // The shop's own sentences are shown; its developer text (an older CoCart without this
      // callback answers "There is no such namespace registered") never is.
      const reason = reportFailure(this.host, error, 'estimate-shipping', {
        messages: m,
        headline: m.estimateFailed,
        explain: (failure) => (failure.emptyCart ? m.estimateNeedsItems : failure.estimateNotOffered ? m.estimateNotOffered : undefined),
      });
      this.#error = { text: reason };
      if (!store.state.features.estimate) this.#open = false;
      await this.#update();
      // The fields are gone when the shop turned out not to have the estimate: focus stays in the drawer.
      this.#focus(this.#open ? '#estimate-country' : '#estimate-message');
    } finally {
      this.#busy = false;
      this.host.requestUpdate();
    }
  };

  /** Country names in one language, sorted; made again only when the language changes. */
  #names?: { language: string; display: Intl.DisplayNames | null; sorted: Array<[code: string, name: string]> };

  /** Every country with a name in the drawer's language, sorted by it. */
  #countries(): Array<[code: string, name: string]> {
    this.#countryName('');
    const names = this.#names!;
    if (!names.sorted.length) {
      const collator = new Intl.Collator(names.language);
      names.sorted = COUNTRIES.map((code): [string, string] => [code, this.#countryName(code)]).sort((a, b) => collator.compare(a[1], b[1]));
    }
    return names.sorted;
  }

  #countryName(code: string): string {
    const language = this.#language();
    if (this.#names?.language !== language) {
      let display: Intl.DisplayNames | null = null;
      try {
        display = new Intl.DisplayNames(language, { type: 'region', fallback: 'code' });
      } catch {
        // Not a language the browser knows: codes it is.
      }
      this.#names = { language, display, sorted: [] };
    }
    if (!code) return '';
    try {
      return this.#names.display?.of(code) ?? code;
    } catch {
      return code;
    }
  }

  #language(): string {
    // The drawer's language: its own, its provider's or the page's `lang`, resolved once for every string.
    return this.host.language;
  }

  async #update(): Promise<void> {
    this.host.requestUpdate();
    await this.host.updateComplete;
  }

  #focus(selector: string): void {
    this.host.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }
}

/** The country of the shopper's own language settings (`en-GB` → `GB`), else the United States. */
function guessCountry(language: string): string {
  for (const tag of [language, ...(globalThis.navigator?.languages ?? [])]) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && COUNTRIES.includes(region)) return region;
    } catch {
      // Not a language tag.
    }
  }
  return 'US';
}
