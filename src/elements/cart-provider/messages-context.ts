import { createContext } from '@lit/context';
import type { MessageSource } from '../../format/locales/message-json.js';

/** The merchant's strings a `<cart-provider>` read from its `<script data-messages>` children. */
export const messagesContext = createContext<readonly MessageSource[]>(Symbol.for('cart-widget/messages'));
