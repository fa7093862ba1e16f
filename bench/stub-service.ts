/**
 * Stands in for the shop inside the page: `fetch` answers at once from prepared JSON text, so a
 * measurement holds only what the page does with the answer. `respondedAt` is when the last answer
 * was handed over — the start of "cart response → drawer painted".
 */
export class StubService {
  /** The body of `GET …/v2/cart`. */
  cart = '';
  /** The body of the next `POST …/v2/cart/item/{key}` (a quantity change). */
  next = '';
  /** Each answer leaves this many ms after its request: a network's round trip (0: at once). */
  roundTrip = 0;
  respondedAt = 0;

  install(): void {
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = init?.method ?? 'GET';
      let body: string | null = null;
      if (method === 'GET' && /\/v2\/cart(\?|$)/.test(url)) body = this.cart;
      else if (method === 'POST' && /\/v2\/cart\/item\//.test(url)) body = this.next;
      const response = body
        ? new Response(body, { headers: { 'content-type': 'application/json' } })
        : Response.json({ code: 'rest_no_route', message: 'No route.', data: { status: 404 } }, { status: 404 });
      if (this.roundTrip) await new Promise((resolve) => setTimeout(resolve, this.roundTrip));
      this.respondedAt = performance.now();
      return response;
    };
  }
}
