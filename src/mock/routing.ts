import { HttpResponse, delay, http, type HttpHandler } from 'msw';
import { ShopError, coreError } from './errors.js';
import { isObject } from './json.js';
import type { MockShape } from './purchase-rules.js';

/** A request the fake shop saw, for assertions on what went over the wire. */
export interface LoggedRequest {
  method: string;
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The JSON body parsed, the raw text when it is not JSON, or `null` when there was none. */
  body: unknown;
}

export type RouteMethod = 'get' | 'post' | 'put' | 'delete' | 'all';

export interface RouteArgs {
  request: Request;
  url: URL;
  /** Path parameters (`:key` in the route path), decoded. */
  params: Record<string, string>;
  /** The JSON body when it is an object, else `{}`. */
  body: Record<string, unknown>;
}

export type RouteResolver = (args: RouteArgs) => Response | Promise<Response>;

/** Builds a handler for `{baseUrl}/{namespace}/{path}`. */
export type RouteBuilder = (method: RouteMethod, path: string, resolve: RouteResolver) => HttpHandler;

export interface RoutingConfig {
  baseUrl: string;
  namespace: string;
  /** Current delay per response, ms. */
  latency: () => number;
  log: LoggedRequest[];
  /** Runs before every request is answered (takes in what the shop's other tabs saved). */
  before: () => void;
  /** Runs after every answered request (persists the shop). */
  after: () => void;
  /** The current wire shape: errors and CORS headers follow it. */
  shape: () => MockShape;
}

/** Headers a browser page may read cross-origin: the cart key comes back in one of these. */
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'X-WP-Total, X-WP-TotalPages, Link, CoCart-API-Cart-Key, CoCart-API-Cart-Expiring, CoCart-API-Cart-Expiration, Cart-Key',
};

/** A JSON response with the headers every route of the fake shop sends. */
export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  const headers = { ...CORS_HEADERS, ...init.headers };
  if (body === null) return new HttpResponse(null, { status: init.status ?? 200, headers });
  return HttpResponse.json(body as Record<string, unknown>, { status: init.status ?? 200, headers });
}

/**
 * The one place requests enter the fake shop: every route logs its request, waits the configured
 * latency, and turns a thrown `ShopError` into the error response.
 */
export function createRouteBuilder(config: RoutingConfig): RouteBuilder {
  const prefix = `${config.baseUrl.replace(/\/+$/, '')}/${config.namespace}`;
  return (method, path, resolve) =>
    http[method](`${prefix}/${path}`, async ({ request, params }) => {
      const text = await request.clone().text();
      const parsed = parseBody(text);
      config.log.push({
        method: request.method,
        url: request.url,
        headers: Object.fromEntries(request.headers),
        body: parsed.ok ? parsed.value : text || null,
      });
      const latency = config.latency();
      if (latency > 0) await delay(latency);
      try {
        config.before();
        if (!parsed.ok) throw coreError(400, 'rest_invalid_json', 'Invalid JSON body passed.');
        const body = isObject(parsed.value) ? parsed.value : {};
        return await resolve({ request, url: new URL(request.url), params: stringParams(params), body });
      } catch (error) {
        if (!(error instanceof ShopError)) throw error;
        return jsonResponse(error.body(config.namespace, config.shape()), { status: error.status });
      } finally {
        config.after();
      }
    });
}

function parseBody(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!text.trim()) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function stringParams(params: Record<string, string | readonly string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}
