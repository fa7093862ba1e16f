import type { InboxMessage, MockInbox } from './auth-two-factor.js';

/**
 * Shows the fake shop's sent e-mails in `container` (newest first) and keeps it current: the demo's
 * "inbox", so a visitor can read the verification code. Text only. Returns a function that stops.
 */
export function showInbox(inbox: MockInbox, container: HTMLElement): () => void {
  const render = () => {
    const items = [...inbox.messages].reverse().map((message: InboxMessage) => {
      const item = document.createElement('li');
      const heading = document.createElement('strong');
      heading.textContent = `${message.subject} — to ${message.to}, ${new Date(message.sentAt).toLocaleTimeString()}`;
      const text = document.createElement('p');
      text.textContent = message.text;
      item.append(heading, text);
      return item;
    });
    const list = document.createElement('ul');
    list.append(...items);
    container.replaceChildren(items.length ? list : 'No e-mails yet.');
  };
  render();
  inbox.addEventListener('message', render);
  inbox.addEventListener('clear', render);
  return () => {
    inbox.removeEventListener('message', render);
    inbox.removeEventListener('clear', render);
  };
}
