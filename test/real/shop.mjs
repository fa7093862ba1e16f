// The real store seen from Node, independently of the widget: what its carts hold, and setting a
// customer's saved cart to a known state. Guest carts are read with their `cart_key`; the customer's
// with Basic authorization (CoCart accepts it over plain http on a local development site).

/** Money as CoCart 4.x sends it (minor units in a string) → "$12.50" like the drawer shows. */
export function money(minor, currency) {
  const digits = currency?.currency_minor_unit ?? 2;
  const prefix = currency?.currency_prefix ?? currency?.currency_symbol ?? '$';
  const suffix = currency?.currency_suffix ?? '';
  return `${prefix}${(Number(minor) / 10 ** digits).toFixed(digits)}${suffix}`;
}

export function createShop({ baseUrl, username, password }) {
  const cartUrl = `${baseUrl}/cocart/v2`;
  const basic = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

  async function request(method, path, { body, auth, bearer, cartKey } = {}) {
    const url = new URL(`${cartUrl}/${path}`);
    if (cartKey) url.searchParams.set('cart_key', cartKey);
    const headers = { Accept: 'application/json' };
    if (body) headers['Content-Type'] = 'application/json';
    if (auth) headers.Authorization = basic;
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    const response = await fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined });
    const text = await response.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // An empty or HTML body: the caller sees `json: null` and the status.
    }
    return { status: response.status, json, text };
  }

  async function cart(options) {
    const { status, json, text } = await request('GET', 'cart', options);
    if (status !== 200 || !json) throw new Error(`GET cart answered ${status}: ${text.slice(0, 200)}`);
    return json;
  }

  return {
    request,
    /** A guest's cart as the server holds it. */
    guestCart: (cartKey) => cart({ cartKey }),
    /** The customer's saved cart as the server holds it (Basic, no cart key: never touches it). */
    customerCart: () => cart({ auth: true }),
    /** Sets the customer's saved cart to exactly `items` ([{ id, quantity }]). */
    async setCustomerCart(items) {
      const cleared = await request('POST', 'cart/clear', { auth: true });
      if (cleared.status !== 200) throw new Error(`cart/clear for the customer answered ${cleared.status}: ${cleared.text.slice(0, 200)}`);
      for (const { id, quantity } of items) {
        const added = await request('POST', 'cart/add-item', { auth: true, body: { id: String(id), quantity: String(quantity) } });
        if (added.status !== 200) throw new Error(`add-item ${id} for the customer answered ${added.status}: ${added.text.slice(0, 200)}`);
      }
      return cart({ auth: true });
    },
    async productName(id) {
      const { status, json } = await request('GET', `products/${id}`);
      if (status !== 200 || !json?.name) throw new Error(`GET products/${id} answered ${status}`);
      return json.name;
    },
  };
}

/** `{ name: quantity }` of a cart's live lines, as the server holds them. */
export function serverLines(cart) {
  const items = Array.isArray(cart.items) ? cart.items : Object.values(cart.items ?? {});
  return Object.fromEntries(items.map((item) => [item.name, Number(item.quantity?.value ?? item.quantity)]));
}

/** Names of the recently removed lines the server keeps. */
export function serverRemoved(cart) {
  const removed = Array.isArray(cart.removed_items) ? cart.removed_items : Object.values(cart.removed_items ?? {});
  return removed.map((item) => item.name);
}

/** `{ Beanie: 1, Cap: 2 }` → "Beanie ×1, Cap ×2" (sorted, for messages and comparisons). */
export function describeLines(lines) {
  const entries = Object.entries(lines).sort(([a], [b]) => a.localeCompare(b));
  return entries.length ? entries.map(([name, quantity]) => `${name} ×${quantity}`).join(', ') : '(empty)';
}
