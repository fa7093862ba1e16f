import { html, nothing, type TemplateResult } from 'lit';
import { ApiError } from '../../api/errors.js';
import type { TwoFactorChallenge } from '../../api/model.js';
import { AuthSignedInEvent, AuthSignedOutEvent, AuthTwoFactorRequiredEvent } from '../../events/auth-events.js';
import type { Messages } from '../../format/messages.js';
import { loginFormMessages, type LoginFormMessages } from '../../format/messages/login-form.js';
import { ourError } from '../../format/messages/shared.js';
import { StoreController } from '../../store/store-controller.js';
import type { SignInInput } from '../../store/session.js';
import type { SessionState } from '../../store/state.js';
import { CartElement, reportFailure } from '../cart-element.js';
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
 * the password field is emptied after every attempt. "Keep me signed in" (off unless the merchant
 * sets `keep-signed-in`) decides where the session lives: unchecked, in the open tabs only.
 *
 * @summary Customer sign-in with two-factor verification.
 *
 * @event auth-signed-in - The shopper signed in (`detail: { user, kind }`).
 * @event auth-signed-out - The session ended (`detail: { reason }`: `user`, `other-tab`, `expired`, `refresh-failed`).
 * @event auth-two-factor-required - The shop asked for a second factor (`detail`: providers, default provider, whether an e-mail was sent).
 * @event cart-error - Signing in failed (a wrong password or code too); `detail`: `{ error, action: 'sign-in' }`. The form shows why.
 *
 * @csspart base - The wrapper of the steps and the status line.
 * @csspart form - Each step's `<form>`.
 * @csspart title - The two-factor step's title.
 * @csspart field - A label with its control.
 * @csspart label - A field's label.
 * @csspart input - The text, password and code inputs.
 * @csspart checkbox - The "Keep me signed in" checkbox (its field also has the part `remember`).
 * @csspart remember - The field of the "Keep me signed in" checkbox.
 * @csspart select - The verification method choice.
 * @csspart note - The note that an e-mail was sent.
 * @csspart error - The alert region with the errors.
 * @csspart status - The polite status line (a new code was sent; the session ended by itself).
 * @csspart actions - The row of buttons.
 * @csspart button - Every button; the main one also has `primary`, the others `secondary`.
 * @csspart user - "Signed in as NAME".
 * @csspart primary - The main button of each step ("Sign in", "Verify").
 * @csspart secondary - The other buttons.
 *
 * @cssproperty --cart-accent - Main button colour.
 * @cssproperty --cart-accent-fg - Main button text colour.
 * @cssproperty --cart-bg - Input background.
 * @cssproperty --cart-fg - Text colour.
 * @cssproperty --cart-muted - Secondary text colour.
 * @cssproperty --cart-border - Input and button borders.
 * @cssproperty --cart-danger - Error colour.
 * @cssproperty --cart-focus - Focus ring colour.
 * @cssproperty --cart-radius - Corner radius (the default of `--cart-control-radius`).
 * @cssproperty --cart-control-radius - Corner radius of buttons and fields (default `--cart-radius`; `999px` makes pills).
 * @cssproperty --cart-space - Base spacing.
 * @cssproperty --cart-font - Font family.
 */
export class LoginForm extends CartElement {
  static override properties = {
    messages: { attribute: false },
    keepSignedIn: { type: Boolean, attribute: 'keep-signed-in' },
    busy: { state: true },
    signingOut: { state: true },
    errors: { state: true },
    challenge: { state: true },
    provider: { state: true },
    status: { state: true },
  };

  /** Replacement strings: any subset of the login-form messages. */
  declare messages?: Partial<Messages>;

  /**
   * Whether "Keep me signed in" starts checked. Checked, the session is kept across browser
   * restarts (localStorage) until sign-out or expiry; unchecked, it lives in the open tabs only.
   */
  keepSignedIn = false;

  /** A sign-in or verification request is in flight. */
  private busy = false;
  private signingOut = false;
  private errors: FieldError[] = [];
  /** The shop's two-factor challenge: while there is one, the form shows the second step. */
  private declare challenge?: TwoFactorChallenge;
  private provider = '';
  private status = '';

  readonly #id = `login-form-${++instances}`;
  readonly #session = new StoreController(this, () => this.store, (state) => state.session);
  #previous?: SessionState;
  /** The credentials of the first step (and the "Keep me signed in" choice), kept in memory for the second step only. */
  #pending?: { username: string; password: string; remember?: boolean };
  #focusNext?: Field | 'sign-out';
  /** The identifier last submitted: the first step shows it again after "Back". */
  #username = '';
  /** Counts attempts and sign-outs: the reply to an attempt a later one or a sign-out replaced changes nothing. */
  #attempts = 0;

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
    this.#pending = this.challenge = undefined;
  }

  get #m(): LoginFormMessages {
    return this.resolveMessages(loginFormMessages, this.messages);
  }

  protected override render(): TemplateResult {
    // The status region stays while the steps change, so what appears in it is announced.
    return html`<div part="base">${this.#step()}<p part="status" role="status">${this.status}</p></div>`;
  }

  #step(): TemplateResult {
    const session = this.#session.value;
    const m = this.#m;
    const id = this.#id;
    if (session && session.kind !== 'guest') {
      const user = session.user;
      return html`
        <p part="user" id="${id}-user">${m.signedInAs(user?.displayName || user?.username || '')}</p>
        <div part="actions">
          <button
            type="button"
            part="button secondary"
            id="${id}-sign-out"
            aria-describedby="${id}-user"
            aria-disabled=${this.signingOut}
            @click=${this.#signOut}
          >
            ${m.signOut}
          </button>
        </div>
      `;
    }
    const challenge = this.challenge;
    if (!challenge) {
      return html`<form part="form" novalidate aria-busy=${this.busy} @submit=${this.#signIn}>
        ${this.#input('identifier', m.identifier, 'username', 'username', 'text', undefined, this.#username)}
        ${this.#input('password', m.password, 'password', 'current-password', 'password')}
        <div part="field remember">
          <input id="${id}-remember" part="checkbox" type="checkbox" name="remember" .checked=${this.keepSignedIn} />
          <label part="label" for="${id}-remember">${m.keepSignedIn}</label>
        </div>
        ${this.#errors()}
        <div part="actions">${this.#submit(m.signIn, m.signingIn)}</div>
      </form>`;
    }
    const email = this.provider === 'email';
    return html`<form part="form" novalidate aria-busy=${this.busy} aria-labelledby="${id}-title" @submit=${this.#verify}>
      <p part="title" id="${id}-title">${m.twoFactorTitle}</p>
      ${challenge.providers.length > 1
        ? this.#field(
            'provider',
            m.verificationMethod,
            (id, errorIds) => html`<select
              id=${id}
              part="select"
              name="2fa_provider"
              aria-invalid=${!!errorIds}
              aria-describedby=${errorIds || nothing}
              @change=${this.#chooseProvider}
            >
              ${challenge.providers.map(
                (provider) => html`<option value=${provider} ?selected=${provider === this.provider}>${m.providerName(provider)}</option>`,
              )}
            </select>`,
          )
        : nothing}
      ${challenge.emailSent && email ? html`<p part="note">${m.emailSent}</p>` : nothing}
      ${this.#input('code', m.verificationCode, '2fa_code', 'one-time-code', 'text', this.provider === 'backup' ? 'text' : 'numeric')}
      ${this.#errors()}
      <div part="actions">
        ${this.#submit(m.verify, m.verifying)}
        ${email
          ? html`<button type="button" part="button secondary" aria-disabled=${this.busy} @click=${() => this.#retry()}>
              ${m.sendNewCode}
            </button>`
          : nothing}
        <button type="button" part="button secondary" @click=${this.#back}>${m.back}</button>
      </div>
    </form>`;
  }

  /** A label and its control; the control gets its id and the ids of the errors about it ('' if none). */
  #field(field: Field, label: string, control: (id: string, errorIds: string) => TemplateResult): TemplateResult {
    const id = `${this.#id}-${field}`;
    const errorIds = this.errors
      .flatMap((error, index) => (error.fields.includes(field) ? [`${this.#id}-error-${index}`] : []))
      .join(' ');
    return html`<div part="field">
      <label part="label" for=${id}>${label}</label>
      ${control(id, errorIds)}
    </div>`;
  }

  /** A text field; a numeric `inputmode` also restricts it to digits. */
  #input(field: Field, label: string, name: string, autocomplete: string, type: string, inputmode?: string, value = ''): TemplateResult {
    return this.#field(
      field,
      label,
      (id, errorIds) => html`<input
        id=${id}
        part="input"
        name=${name}
        type=${type}
        autocomplete=${autocomplete}
        autocapitalize="none"
        spellcheck="false"
        inputmode=${inputmode ?? nothing}
        pattern=${inputmode === 'numeric' ? '[0-9]*' : nothing}
        .value=${value}
        required
        aria-invalid=${!!errorIds}
        aria-describedby=${errorIds || nothing}
      />`,
    );
  }

  #submit(label: string, busyLabel: string): TemplateResult {
    // aria-disabled rather than disabled: the focused button keeps focus while the request runs.
    return html`<button type="submit" part="button primary" aria-disabled=${this.busy}>${this.busy ? busyLabel : label}</button>`;
  }

  #errors(): TemplateResult {
    // Always in the DOM, so screen readers announce what appears in it.
    return html`<div part="error" role="alert">
      ${this.errors.map((error, index) => html`<p id="${this.#id}-error-${index}">${error.text}</p>`)}
    </div>`;
  }

  #control(field: Field | 'sign-out'): HTMLInputElement | null {
    return this.querySelector(`#${this.#id}-${field}`);
  }

  #value(field: Field): string {
    return this.#control(field)?.value ?? '';
  }

  #clear(field: Field): void {
    const input = this.#control(field);
    if (input) input.value = '';
  }

  // --- what the shopper does ---------------------------------------------------------------------

  async #signIn(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (this.busy) return;
    const m = this.#m;
    const username = this.#value('identifier').trim();
    const password = this.#value('password');
    const missing: FieldError[] = [];
    if (!username) missing.push({ text: m.identifierRequired, fields: ['identifier'] });
    if (!password) missing.push({ text: m.passwordRequired, fields: ['password'] });
    if (missing.length) return this.#show(...missing);
    this.#username = username;
    const remember = !!this.querySelector<HTMLInputElement>(`#${this.#id}-remember`)?.checked;
    if (await this.#attempt({ username, password, remember })) this.#clear('password');
  }

  async #verify(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const code = this.#value('code').replace(/\s+/g, '');
    if (code) await this.#retry(code);
    else if (!this.busy) this.#error(this.#m.codeRequired, 'code');
  }

  /**
   * The second step's request: the first step's credentials with the code, or without one (and
   * with the code field emptied) to have the shop send a fresh e-mail code.
   */
  async #retry(twoFactorCode?: string): Promise<void> {
    if (this.busy || !this.#pending) return;
    if (!twoFactorCode) this.#clear('code');
    await this.#attempt({ ...this.#pending, twoFactorCode, twoFactorProvider: this.provider }, !twoFactorCode);
  }

  #chooseProvider(event: Event): void {
    this.provider = (event.target as HTMLSelectElement).value;
    this.errors = [];
    this.status = '';
  }

  #back(): void {
    this.#reset();
    this.#focusNext = 'identifier';
  }

  /** Back to the first step, forgetting the password and the challenge. */
  #reset(): void {
    this.#pending = this.challenge = undefined;
    this.errors = [];
    this.status = '';
  }

  async #signOut(): Promise<void> {
    const store = this.store;
    if (this.signingOut || !store) return;
    this.signingOut = true;
    this.#focusNext = 'identifier';
    try {
      await store.signOut();
    } catch {
      // The session has ended locally whatever the shop answered.
    } finally {
      this.signingOut = false;
    }
  }

  /** Resolves `false` when the attempt was replaced meanwhile: then the form is no longer its to change. */
  async #attempt(input: SignInInput, resend = false): Promise<boolean> {
    const store = this.store;
    if (!store) {
      this.#error(this.#m.genericError);
      return true;
    }
    const attempt = ++this.#attempts;
    this.busy = true;
    this.errors = [];
    this.status = '';
    try {
      await store.signIn(input);
      // The store resolves only once the customer's cart loaded: the shopper may have signed out
      // and started typing again by then.
      if (attempt !== this.#attempts) return false;
      this.#pending = this.challenge = undefined;
    } catch (error) {
      if (attempt !== this.#attempts) return false;
      this.#failed(error, input, resend);
    }
    this.busy = false;
    return true;
  }

  #failed(cause: unknown, input: SignInInput, resend: boolean): void {
    const m = this.#m;
    const challenge = cause instanceof ApiError && cause.twoFactorRequired ? cause.twoFactor : undefined;
    if (challenge) {
      const entering = !this.challenge;
      this.#pending = { username: input.username, password: input.password, remember: input.remember };
      if (entering || !challenge.providers.includes(this.provider)) this.provider = challenge.defaultProvider;
      this.challenge = challenge;
      this.#focusNext = 'code';
      if (resend && challenge.emailSent) this.status = m.codeSent;
      if (entering) this.dispatchEvent(new AuthTwoFactorRequiredEvent(challenge));
      return;
    }
    let fields: Field[] = [];
    const about = (text: string, ...on: Field[]) => ((fields = on), text);
    const text = reportFailure(this, cause, 'sign-in', {
      messages: m,
      explain: (error) =>
        !(cause instanceof ApiError) ? m.genericError
        : error.invalidTwoFactorCode ? about(m.invalidCode, 'code')
        : error.invalidTwoFactorMethod
          ? about(m.invalidProvider(m.providerName(this.provider)), (this.challenge?.providers.length ?? 0) > 1 ? 'provider' : 'code')
        : error.kind === 'insecure-transport' ? m.insecureConnection
        // A wrong password or an unknown username (the first step; in the second the code is at fault).
        : !this.challenge && error.wrongCredentials ? about(m.signInFailed, 'password', 'identifier')
        : ourError(error, m),
    });
    if (text) this.#error(text, ...fields);
  }

  /** One message about these fields (or the whole form). */
  #error(text: string, ...fields: Field[]): void {
    this.#show({ text, fields });
  }

  /** Shows the errors; focus moves to the first field the first one is about. */
  #show(...errors: FieldError[]): void {
    this.errors = errors;
    this.#focusNext = errors[0]!.fields[0];
  }

  // --- reacting to the session ---------------------------------------------------------------------

  protected override willUpdate(): void {
    const session = this.#session.value;
    const before = this.#previous;
    this.#previous = session;
    if (!session || !before || session === before) return;
    if (before.kind === 'guest' && session.kind !== 'guest' && session.user) {
      // Signed in from this form: the form is gone, focus moves to what replaced it. The store may
      // still be loading the customer's cart; for the shopper the sign-in is done.
      if (this.busy) this.#focusNext = 'sign-out';
      this.busy = false;
      this.status = '';
      this.dispatchEvent(new AuthSignedInEvent({ user: session.user, kind: session.kind }));
    } else if (before.kind !== 'guest' && session.kind === 'guest') {
      // Whatever was in flight belongs to the session that ended.
      this.#attempts++;
      this.busy = false;
      this.#reset();
      this.#username = '';
      const reason = session.endedBy ?? 'user';
      // Not the shopper's own choice: say why the form is back.
      if (reason !== 'user') this.status = reason === 'other-tab' ? this.#m.signedOutElsewhere : this.#m.sessionEnded;
      this.dispatchEvent(new AuthSignedOutEvent({ reason }));
    }
  }

  protected override updated(): void {
    const target = this.#focusNext;
    const control = target && this.#control(target);
    if (!control) return;
    this.#focusNext = undefined;
    control.focus();
    if (target === 'code' && this.errors.length) control.select();
  }
}
