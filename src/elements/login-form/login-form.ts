import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ApiError } from '../../api/errors.js';
import type { TwoFactorChallenge } from '../../api/model.js';
import { AuthSignedInEvent, AuthSignedOutEvent, AuthTwoFactorRequiredEvent } from '../../events/auth-events.js';
import { withMessages, type Messages } from '../../format/messages.js';
import { StoreController } from '../../store/store-controller.js';
import type { SessionState, SignInInput } from '../../store/types.js';
import { CartElement } from '../cart-element.js';
import { adoptLoginFormStyles } from './login-form.styles.js';

type Field = 'identifier' | 'password' | 'provider' | 'code';

/** One message in the alert region and the fields it is about. */
interface FieldError {
  text: string;
  fields: Field[];
}

let instances = 0;

/**
 * A sign-in form for the shop's customers: identifier and password, then a two-factor step when
 * the account has one, then who is signed in with a way to sign out.
 *
 * The form renders into the light DOM — no shadow root — so password managers and the browser's
 * autofill see real `<input>`s with `autocomplete` tokens. Its stylesheet is adopted by the
 * document (or the enclosing shadow root) and scoped to `login-form`. Style it with the custom
 * properties below, or select the parts as `login-form [part~="button"]` (and with `::part()` when
 * the form sits in another component's shadow tree).
 *
 * Passwords and codes live only in the inputs and, between the two steps, in this element's memory;
 * the password field is emptied after every attempt.
 *
 * @summary Customer sign-in with two-factor verification.
 *
 * @event auth-signed-in - The shopper signed in (`detail: { user, kind }`).
 * @event auth-signed-out - The session ended (`detail: { reason }`: `user`, `other-tab`, `expired`, `refresh-failed`).
 * @event auth-two-factor-required - The shop asked for a second factor (`detail`: providers, default provider, whether an e-mail was sent).
 *
 * @csspart base - The wrapper of each step.
 * @csspart form - Each step's `<form>`.
 * @csspart title - The two-factor step's title.
 * @csspart field - A label with its control.
 * @csspart label - A field's label.
 * @csspart input - The text, password and code inputs.
 * @csspart select - The verification method choice.
 * @csspart note - The note that an e-mail was sent.
 * @csspart error - The alert region with the errors.
 * @csspart status - The polite status line.
 * @csspart actions - The row of buttons.
 * @csspart button - Every button; the main one also has `primary`, the others `secondary`.
 * @csspart user - "Signed in as NAME".
 *
 * @cssproperty --cart-accent - Main button colour.
 * @cssproperty --cart-accent-fg - Main button text colour.
 * @cssproperty --cart-bg - Input background.
 * @cssproperty --cart-fg - Text colour.
 * @cssproperty --cart-muted - Secondary text colour.
 * @cssproperty --cart-border - Input and button borders.
 * @cssproperty --cart-danger - Error colour.
 * @cssproperty --cart-focus - Focus ring colour.
 * @cssproperty --cart-radius - Corner radius.
 * @cssproperty --cart-space - Base spacing.
 * @cssproperty --cart-font - Font family.
 */
export class LoginForm extends CartElement {
  /** Replacement strings: any subset of the login-form messages. */
  @property({ attribute: false }) messages?: Partial<Messages>;

  @state() private step: 'credentials' | 'two-factor' = 'credentials';
  /** A sign-in or verification request is in flight. */
  @state() private busy = false;
  @state() private signingOut = false;
  @state() private errors: FieldError[] = [];
  @state() private challenge?: TwoFactorChallenge;
  @state() private provider = '';
  @state() private status = '';

  private readonly uid = `login-form-${++instances}`;
  private readonly session = new StoreController(this, () => this.store, (state) => state.session);
  private previous?: SessionState;
  /** The credentials of the first step, kept in memory for the second step only. */
  private pending?: { username: string; password: string };
  private focusNext?: Field | 'sign-out';
  /** The identifier last submitted: the first step shows it again after "Back". */
  private username = '';

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    adoptLoginFormStyles(this.getRootNode());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // The password waiting for the second step leaves with the form.
    this.pending = undefined;
    this.challenge = undefined;
    this.step = 'credentials';
  }

  private get m(): Messages {
    return withMessages(this.messages);
  }

  protected override render(): TemplateResult {
    const session = this.session.value;
    if (session && session.kind !== 'guest') return this.renderSignedIn(session);
    return this.step === 'two-factor' && this.challenge ? this.renderTwoFactor(this.challenge) : this.renderCredentials();
  }

  private renderCredentials(): TemplateResult {
    const m = this.m;
    return html`<div part="base">
      <form part="form" novalidate aria-busy=${this.busy} @submit=${this.onSignIn}>
        ${this.renderField('identifier', m.identifier, html`<input
          id=${`${this.uid}-identifier`}
          part="input"
          name="username"
          type="text"
          autocomplete="username"
          .value=${this.username}
          autocapitalize="none"
          spellcheck="false"
          required
          aria-invalid=${this.invalid('identifier')}
          aria-describedby=${this.describedBy('identifier')}
        />`)}
        ${this.renderField('password', m.password, html`<input
          id=${`${this.uid}-password`}
          part="input"
          name="password"
          type="password"
          autocomplete="current-password"
          required
          aria-invalid=${this.invalid('password')}
          aria-describedby=${this.describedBy('password')}
        />`)}
        ${this.renderErrors()}
        <div part="actions">${this.renderSubmit(m.signIn, m.signingIn)}</div>
      </form>
    </div>`;
  }

  private renderTwoFactor(challenge: TwoFactorChallenge): TemplateResult {
    const m = this.m;
    const numeric = this.provider !== 'backup';
    return html`<div part="base">
      <form part="form" novalidate aria-busy=${this.busy} aria-labelledby=${`${this.uid}-title`} @submit=${this.onVerify}>
        <p part="title" id=${`${this.uid}-title`}>${m.twoFactorTitle}</p>
        ${challenge.providers.length > 1
          ? this.renderField('provider', m.verificationMethod, html`<select
              id=${`${this.uid}-provider`}
              part="select"
              name="2fa_provider"
              aria-invalid=${this.invalid('provider')}
              aria-describedby=${this.describedBy('provider')}
              @change=${this.onProviderChange}
            >
              ${challenge.providers.map(
                (provider) => html`<option value=${provider} ?selected=${provider === this.provider}>${m.providerName(provider)}</option>`,
              )}
            </select>`)
          : nothing}
        ${challenge.emailSent && this.provider === 'email' ? html`<p part="note">${m.emailSent}</p>` : nothing}
        ${this.renderField('code', m.verificationCode, html`<input
          id=${`${this.uid}-code`}
          part="input"
          name="2fa_code"
          type="text"
          autocomplete="one-time-code"
          autocapitalize="none"
          spellcheck="false"
          inputmode=${numeric ? 'numeric' : 'text'}
          pattern=${numeric ? '[0-9]*' : nothing}
          required
          aria-invalid=${this.invalid('code')}
          aria-describedby=${this.describedBy('code')}
        />`)}
        ${this.renderErrors()}
        <div part="actions">
          ${this.renderSubmit(m.verify, m.verifying)}
          ${this.provider === 'email'
            ? html`<button type="button" part="button secondary" aria-disabled=${this.busy} @click=${this.onSendNewCode}>
                ${m.sendNewCode}
              </button>`
            : nothing}
          <button type="button" part="button secondary" @click=${this.onBack}>${m.back}</button>
        </div>
        <p part="status" role="status">${this.status}</p>
      </form>
    </div>`;
  }

  private renderSignedIn(session: SessionState): TemplateResult {
    const name = session.user?.displayName || session.user?.username || '';
    return html`<div part="base">
      <p part="user" id=${`${this.uid}-user`}>${this.m.signedInAs(name)}</p>
      <div part="actions">
        <button
          type="button"
          part="button secondary"
          id=${`${this.uid}-sign-out`}
          aria-describedby=${`${this.uid}-user`}
          aria-disabled=${this.signingOut}
          @click=${this.onSignOut}
        >
          ${this.m.signOut}
        </button>
      </div>
    </div>`;
  }

  private renderField(field: Field, label: string, control: TemplateResult): TemplateResult {
    return html`<div part="field">
      <label part="label" for=${`${this.uid}-${field}`}>${label}</label>
      ${control}
    </div>`;
  }

  private renderSubmit(label: string, busyLabel: string): TemplateResult {
    // aria-disabled rather than disabled: the focused button keeps focus while the request runs.
    return html`<button type="submit" part="button primary" aria-disabled=${this.busy}>
      ${this.busy ? busyLabel : label}
    </button>`;
  }

  private renderErrors(): TemplateResult {
    // Always in the DOM, so screen readers announce what appears in it.
    return html`<div part="error" role="alert" id=${`${this.uid}-errors`}>${this.errors.map(
      (error, index) => html`<p id=${`${this.uid}-error-${index}`}>${error.text}</p>`,
    )}</div>`;
  }

  private invalid(field: Field): 'true' | 'false' {
    return this.errors.some((error) => error.fields.includes(field)) ? 'true' : 'false';
  }

  private describedBy(field: Field): string | typeof nothing {
    const ids = this.errors.flatMap((error, index) => (error.fields.includes(field) ? [`${this.uid}-error-${index}`] : []));
    return ids.length ? ids.join(' ') : nothing;
  }

  private control(field: Field | 'sign-out'): HTMLInputElement | HTMLSelectElement | HTMLButtonElement | null {
    return this.querySelector(`#${this.uid}-${field}`);
  }

  private value(field: Field): string {
    return (this.control(field) as HTMLInputElement | null)?.value ?? '';
  }

  private clear(field: Field): void {
    const input = this.control(field) as HTMLInputElement | null;
    if (input) input.value = '';
  }

  // --- what the shopper does ---------------------------------------------------------------------

  private async onSignIn(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (this.busy) return;
    const m = this.m;
    const username = this.value('identifier').trim();
    const password = this.value('password');
    const missing: FieldError[] = [];
    if (!username) missing.push({ text: m.identifierRequired, fields: ['identifier'] });
    if (!password) missing.push({ text: m.passwordRequired, fields: ['password'] });
    if (missing.length) {
      this.show(missing, missing[0]!.fields[0]!);
      return;
    }
    this.username = username;
    await this.attempt({ username, password });
    this.clear('password');
  }

  private async onVerify(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (this.busy || !this.pending) return;
    const code = this.value('code').replace(/\s+/g, '');
    if (!code) {
      this.show([{ text: this.m.codeRequired, fields: ['code'] }], 'code');
      return;
    }
    await this.attempt({ ...this.pending, twoFactorCode: code, twoFactorProvider: this.provider || undefined });
  }

  /** Asks again without a code: the shop sends a fresh e-mail code. */
  private async onSendNewCode(): Promise<void> {
    if (this.busy || !this.pending) return;
    this.clear('code');
    await this.attempt({ ...this.pending, twoFactorProvider: this.provider || undefined }, true);
  }

  private onProviderChange(event: Event): void {
    this.provider = (event.target as HTMLSelectElement).value;
    this.errors = [];
    this.status = '';
  }

  private onBack(): void {
    this.pending = undefined;
    this.challenge = undefined;
    this.step = 'credentials';
    this.errors = [];
    this.status = '';
    this.focusNext = 'identifier';
  }

  private async onSignOut(): Promise<void> {
    const store = this.store;
    if (this.signingOut || !store) return;
    this.signingOut = true;
    this.focusNext = 'identifier';
    try {
      await store.signOut();
    } catch {
      // The session has ended locally whatever the shop answered.
    } finally {
      this.signingOut = false;
    }
  }

  private async attempt(input: SignInInput, resend = false): Promise<void> {
    const store = this.store;
    if (!store) {
      this.show([{ text: this.m.genericError, fields: [] }]);
      return;
    }
    this.busy = true;
    this.errors = [];
    this.status = '';
    try {
      await store.signIn(input);
      this.pending = undefined;
      this.challenge = undefined;
      this.step = 'credentials';
    } catch (error) {
      this.failed(error, input, resend);
    } finally {
      this.busy = false;
    }
  }

  private failed(error: unknown, input: SignInInput, resend: boolean): void {
    if (!(error instanceof ApiError)) {
      this.show([{ text: this.m.genericError, fields: [] }]);
      return;
    }
    if (error.kind === 'aborted') return;
    const m = this.m;
    if (error.is('2fa_required') && error.twoFactor) {
      const entering = this.step !== 'two-factor';
      this.pending = { username: input.username, password: input.password };
      this.challenge = error.twoFactor;
      if (entering || !error.twoFactor.providers.includes(this.provider)) this.provider = error.twoFactor.defaultProvider;
      this.step = 'two-factor';
      this.focusNext = 'code';
      if (resend && error.twoFactor.emailSent) this.status = m.codeSent;
      if (entering) this.dispatchEvent(new AuthTwoFactorRequiredEvent(error.twoFactor));
      return;
    }
    if (error.is('2fa_invalid_code')) return this.show([{ text: m.invalidCode, fields: ['code'] }], 'code');
    if (error.is('2fa_invalid_provider')) {
      const field = this.challenge && this.challenge.providers.length > 1 ? 'provider' : 'code';
      return this.show([{ text: m.invalidProvider(m.providerName(this.provider)), fields: [field] }], field);
    }
    if (error.kind === 'insecure-transport') return this.show([{ text: m.insecureConnection, fields: [] }]);
    if (this.step === 'credentials' && (error.kind === 'auth' || error.status === 401 || error.status === 403)) {
      return this.show([{ text: m.signInFailed, fields: ['identifier', 'password'] }], 'password');
    }
    this.show([{ text: error.kind === 'network' || error.kind === 'timeout' ? m.networkError : m.genericError, fields: [] }]);
  }

  private show(errors: FieldError[], focus?: Field): void {
    this.errors = errors;
    this.focusNext = focus;
  }

  // --- reacting to the session ---------------------------------------------------------------------

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const session = this.session.value;
    const before = this.previous;
    this.previous = session;
    if (!session || !before || session === before) return;
    if (before.kind === 'guest' && session.kind !== 'guest' && session.user) {
      // Signed in from this form: the form is gone, focus moves to what replaced it. The store may
      // still be loading the customer's cart; for the shopper the sign-in is done.
      if (this.busy) this.focusNext = 'sign-out';
      this.busy = false;
      this.dispatchEvent(new AuthSignedInEvent({ user: session.user, kind: session.kind }));
    } else if (before.kind !== 'guest' && session.kind === 'guest') {
      this.pending = undefined;
      this.challenge = undefined;
      this.username = '';
      this.step = 'credentials';
      this.errors = [];
      this.status = '';
      this.dispatchEvent(new AuthSignedOutEvent({ reason: session.endedBy ?? 'user' }));
    }
  }

  protected override updated(): void {
    const target = this.focusNext;
    if (!target) return;
    const control = this.control(target);
    if (!control) return;
    this.focusNext = undefined;
    control.focus();
    if (target === 'code' && this.errors.length) (control as HTMLInputElement).select();
  }
}
