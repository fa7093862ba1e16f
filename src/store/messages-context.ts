import { createContext } from '@lit/context';
import type { applyMessageJson, MessageSource } from '../format/message-json.js';

/**
 * The merchant's strings a `<cart-provider>` read from its `<script data-messages>` children.
 * Their reader is loaded on first use: until it is here, `ready` is pending and an element holds its
 * first render, so the page never shows the strings they replace.
 */
export interface ProvidedMessages {
  ready: Promise<unknown>;
  sources: readonly MessageSource[];
  apply?: typeof applyMessageJson;
}

/** `undefined` when the provider has no `data-messages` script. */
export const messagesContext = createContext<ProvidedMessages | undefined>(Symbol.for('cart-widget/messages'));
