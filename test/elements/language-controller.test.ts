import { ContextProvider } from '@lit/context';
import { LitElement, html as litHtml } from 'lit';
import { expect, fixture, html, waitUntil } from '../helpers/testing.js';
import { LanguageController } from '../../src/elements/language-controller.js';
import { applyMessageJson } from '../../src/format/message-json.js';
import type { Messages } from '../../src/format/messages.js';
import { sharedMessages } from '../../src/format/messages/shared.js';
import { messagesContext } from '../../src/store/messages-context.js';

/** A bare Lit element with the controller and nothing else of CartElement: no store, no held first render. */
class LanguageSpeaker extends LitElement {
  static override properties = { messages: { attribute: false } };
  declare messages?: Partial<Messages>;
  readonly speech = new LanguageController(this);
  renders = 0;

  protected override render() {
    this.renders++;
    return litHtml`<span>${this.speech.resolve(sharedMessages, this.messages).addToCart}</span>`;
  }
}
customElements.define('language-speaker', LanguageSpeaker);

/** Gives the elements inside it merchant's strings, as <cart-provider> does from its data-messages scripts. */
class MessagesGiver extends LitElement {
  readonly provider = new ContextProvider(this, { context: messagesContext });
  protected override createRenderRoot() {
    return this;
  }
}
customElements.define('messages-giver', MessagesGiver);

const said = (speaker: LanguageSpeaker) => speaker.shadowRoot!.querySelector('span')!.textContent;

describe('LanguageController', () => {
  afterEach(() => document.documentElement.setAttribute('lang', 'en'));

  it('gives any Lit element the nearest lang’s words and direction, its pack pending until it is here', async () => {
    const root = await fixture<HTMLElement>(html`<div lang="ar"><language-speaker></language-speaker></div>`);
    const speaker = root.querySelector<LanguageSpeaker>('language-speaker')!;
    await Promise.all(speaker.speech.pending);
    await speaker.updateComplete;
    expect(speaker.speech.language).to.equal('ar');
    expect(said(speaker)).to.not.equal(sharedMessages.addToCart);
    expect(speaker.getAttribute('dir')).to.equal('rtl');
    root.setAttribute('lang', 'en');
    await waitUntil(() => said(speaker) === sharedMessages.addToCart, 'the host never spoke English again');
    expect(speaker.hasAttribute('dir')).to.equal(false);
  });

  it('stops following lang while its host is out of the page, and catches up when it is back', async () => {
    const root = await fixture<HTMLElement>(html`<div lang="en"><language-speaker></language-speaker></div>`);
    const speaker = root.querySelector<LanguageSpeaker>('language-speaker')!;
    await speaker.updateComplete;
    speaker.remove();
    const renders = speaker.renders;
    root.setAttribute('lang', 'de');
    speaker.setAttribute('lang', 'fr');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(speaker.renders).to.equal(renders);
    expect(speaker.speech.language).to.equal('en');
    speaker.removeAttribute('lang');
    root.append(speaker);
    await waitUntil(() => speaker.speech.language === 'de', 'the host did not take its new parent’s lang');
    await speaker.updateComplete;
    expect(said(speaker)).to.equal('In den Warenkorb');
  });

  it('layers English, the pack, any provider of merchant’s strings for every language then for its own, and the host’s messages last', async () => {
    const giver = await fixture<MessagesGiver>(html`<messages-giver lang="de"><language-speaker></language-speaker></messages-giver>`);
    const speaker = giver.querySelector<LanguageSpeaker>('language-speaker')!;
    await Promise.all(speaker.speech.pending);
    await speaker.updateComplete;
    expect(said(speaker)).to.equal('In den Warenkorb');
    giver.provider.setValue({
      ready: Promise.resolve(),
      sources: [{ lang: 'de', messages: { addToCart: 'Ab in den Korb' } }, { messages: { addToCart: 'Add it' } }],
      apply: applyMessageJson,
    });
    await speaker.updateComplete;
    expect(said(speaker)).to.equal('Ab in den Korb');
    speaker.messages = { addToCart: 'Kaufen' };
    await speaker.updateComplete;
    expect(said(speaker)).to.equal('Kaufen');
    giver.setAttribute('lang', 'fr');
    speaker.messages = undefined;
    await waitUntil(() => speaker.speech.language === 'fr', 'the host did not follow the new lang');
    await waitUntil(() => said(speaker) === 'Add it', 'the strings for German stayed on a French page');
  });
});
