/**
 * The real CoCart server's recorded answers (shared/realworld/fixtures, INDEX.md there), replayed to
 * the api layer. web-test-runner.config.mjs serves the folder at /__fixtures/; each answer goes back
 * through msw with its recorded status, headers and body, byte for byte, to the route it was
 * recorded for — a call that reaches another route fails its test.
 */
import { expect } from '../helpers/testing.js';
import { http, HttpResponse } from 'msw';
import { CartApi } from '../../src/api/cart-api.js';
import { ApiError } from '../../src/api/errors.js';
import { ready, unansweredRequests, worker } from '../helpers/network.js';

export { worker } from '../helpers/network.js';

export const BASE = 'https://shop.test/wp-json';
export const FIXTURES = '/__fixtures/';
/** Recordings kept in the project itself (test/fixtures/<folder>/), served by the test runner as files. */
export const PROJECT_FIXTURES = ['cocart-4.4'];

export interface RecordedRequest {
  method: string;
  /** Path and query as sent, e.g. `/wp-json/cocart/v2/cart?cart_key=…`. */
  url: string;
  headers?: Record<string, string>;
  body?: string | null;
}

export interface Meta {
  request: RecordedRequest;
  status: number;
  headers: Record<string, string>;
}

export interface Fixture {
  /** `server/cart-empty` */
  id: string;
  body: string;
  meta: Meta;
}

/** What the api sent for one replayed answer. */
export interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

// Anything but a replayed answer is printed as an error and goes on to the network, as it always did.
unansweredRequests('network');

/** Starts the file's worker (helpers/network.ts; it starts before the first test anyway). */
export const startWorker = (): Promise<unknown> => ready();

/** Every fixture a test has replayed or read, as `folder/name`: the coverage test checks it. */
export const covered = new Set<string>();

/** A file below the fixtures folder, as text; fails loudly (with where it looked) when missing. */
export async function fixtureText(path: string): Promise<string> {
  const own = PROJECT_FIXTURES.some((folder) => path.startsWith(`${folder}/`));
  const response = await fetch((own ? '/test/fixtures/' : FIXTURES) + path, { cache: 'no-store' });
  const text = await response.text();
  if (!response.ok) throw new Error(`Recorded fixture ${path} is missing (${response.status}): ${text}`);
  return text;
}

/** Names of the files in a folder of the fixtures. */
export async function fixtureFiles(folder: string): Promise<string[]> {
  return JSON.parse(await fixtureText(`${folder}/`)) as string[];
}

const loaded = new Map<string, Promise<Fixture>>();

/** Fixture `id` (`server/cart-empty`): its body as recorded and its `.meta.json`. Read once per page. */
export function loadFixture(id: string): Promise<Fixture> {
  let fixture = loaded.get(id);
  if (!fixture) {
    fixture = Promise.all([fixtureText(`${id}.json`), fixtureText(`${id}.meta.json`)]).then(([body, meta]) => {
      covered.add(id);
      return { id, body, meta: JSON.parse(meta) as Meta };
    });
    loaded.set(id, fixture);
    // A failed read is not kept: the next test asks again and fails with the same clear message.
    fixture.catch(() => loaded.delete(id));
  }
  return fixture;
}

/** Parsed body of a fixture (for expectations computed from the recording itself). */
export const recorded = <T = Record<string, unknown>>(fixture: Fixture): T => JSON.parse(fixture.body) as T;

// Hop-by-hop headers describe the recorded connection, not the answer; a page never sees the rest.
const SKIPPED = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'set-cookie',
]);

export function answerHeaders(meta: Meta): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(meta.headers)) if (!SKIPPED.has(name.toLowerCase())) headers.set(name, value);
  return headers;
}

/** The recorded route as an absolute URL on the test shop (query left out). */
export function recordedUrl(meta: Meta): URL {
  return new URL(meta.request.url, BASE);
}

export interface ReplayOptions {
  /** The api to call (default: the test shop, namespace `cocart`). */
  api?: CartApi;
  /** Accept a request to another route than the recorded one (never for a route the api has a method for). */
  anyRoute?: boolean;
}

export const cocart = (namespace = 'cocart') => new CartApi({ baseUrl: BASE, namespace });

/**
 * Answers the api's requests with fixture `id` and runs `call`. Returns what `call` resolved to (or
 * the error it threw, as `error`) with what the api sent. Fails when the api asked another route.
 */
export async function replay<T>(
  id: string,
  call: (api: CartApi) => Promise<T>,
  options: ReplayOptions = {},
): Promise<{ result?: T; error?: unknown; sent: Sent[]; fixture: Fixture }> {
  const fixture = await loadFixture(id);
  const { meta } = fixture;
  const route = recordedUrl(meta);
  const sent: Sent[] = [];
  worker.use(
    http.all(`${new URL(BASE).origin}/*`, async ({ request }) => {
      sent.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: await request.text() });
      return new HttpResponse(fixture.body === '' ? null : fixture.body, { status: meta.status, headers: answerHeaders(meta) });
    }),
  );
  let result: T | undefined;
  let error: unknown;
  try {
    result = await call(options.api ?? cocart());
  } catch (caught) {
    error = caught;
  } finally {
    worker.resetHandlers();
  }
  expect(sent.length, `${id}: requests sent`).to.be.greaterThan(0);
  if (!options.anyRoute) {
    for (const { method, url } of sent) {
      expect(`${method} ${url.pathname}`, `${id}: the api asked the recorded route`).to.equal(`${meta.request.method} ${route.pathname}`);
    }
  }
  return error === undefined ? { result, sent, fixture } : { error, sent, fixture };
}

/** Replays fixture `id`; `call` must resolve. */
export async function succeeds<T>(id: string, call: (api: CartApi) => Promise<T>, options?: ReplayOptions) {
  const outcome = await replay(id, call, options);
  if ('error' in outcome) throw new Error(`${id}: expected success, got ${String(outcome.error)}`, { cause: outcome.error });
  return outcome as { result: T; sent: Sent[]; fixture: Fixture };
}

/** Replays fixture `id`; `call` must reject with an `ApiError`. */
export async function fails(id: string, call: (api: CartApi) => Promise<unknown>, options?: ReplayOptions) {
  const outcome = await replay(id, call, options);
  if (!('error' in outcome)) throw new Error(`${id}: expected an ApiError, the call succeeded`);
  expect(outcome.error, `${id}: the failure is an ApiError`).to.be.instanceOf(ApiError);
  return { error: outcome.error as ApiError, sent: outcome.sent, fixture: outcome.fixture };
}

/** The JSON body the api sent, parsed. */
export const sentJson = (sent: Sent): unknown => JSON.parse(sent.body);

/** The recorded request's JSON body, parsed. */
export const recordedJson = (fixture: Fixture): unknown => JSON.parse(fixture.meta.request.body ?? 'null');

/**
 * Runs `check` for every case and only then fails, with every failure: one failing case never
 * hides what the others would show (nor leaves their fixtures unreplayed).
 */
export async function eachCase<C>(cases: readonly C[], check: (c: C) => Promise<void>): Promise<void> {
  const failures: Error[] = [];
  for (const c of cases) {
    try {
      await check(c);
    } catch (error) {
      failures.push(error instanceof Error ? error : new Error(String(error)));
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length) throw new Error(`${failures.length} cases failed:\n${failures.map((f) => f.message).join('\n')}`);
}
