/**
 * The building blocks of every wire schema. A *field* never fails: a missing or odd value reads as
 * the neutral one (`''`, `0`, `false`, `null`, `{}`, `[]`), so one odd field never hides a whole
 * answer. Only a *collection* an answer is made of (`entries`) and the answer itself (an object)
 * can fail a parse.
 */
import * as z from 'zod/mini';
import { plainPrototypesWhileLoading } from './plain-prototypes.js';
import { decode, plain, str } from './text.js';

// Every wire module imports this one, so it runs before any of them builds a schema.
plainPrototypesWhileLoading();

export type Raw = Record<string, unknown>;

export const isObj = (v: unknown): v is Raw => typeof v == 'object' && v !== null && !Array.isArray(v);
export const blank = (v: unknown): boolean => v == null || v === '';
export const num = (v: unknown): number => {
  const n = typeof v == 'number' ? v : typeof v == 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
};
export const bool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'yes' || v === 'true';

/**
 * A field that must be there: empty, zero or missing fails the parse, as an issue on `payload`
 * (the transform's second argument), so `safeParse` reports it instead of throwing.
 */
export const need = <T>(value: T, payload: z.core.ParsePayload): NonNullable<T> => {
  if (!value) payload.issues.push({ code: 'custom', message: 'Required field missing', input: value });
  return value as NonNullable<T>;
};

/**
 * Reads `v` with `schema` inside another schema, then `fn` on what it read: `z.pipe(schema,
 * z.transform(fn))` without zod's pipe in the bundle. The inner issues become the outer schema's
 * (and `fn` does not run), so `safeParse` reports them; under `at` in their path when given.
 */
export const run = <T extends z.core.$ZodType, R = z.output<T>>(
  schema: T,
  v: unknown,
  payload: z.core.ParsePayload,
  fn: (x: z.output<T>, payload: z.core.ParsePayload) => R = (x) => x as R,
  at?: number,
): R => {
  const read = z.safeParse(schema, v);
  if (read.success) return fn(read.data, payload);
  const issues = read.error.issues as z.core.$ZodRawIssue[];
  // Not zod's `util.prefixIssues`: reaching `util` (or `core.util`) through the namespace makes
  // esbuild keep the whole namespace object — all of zod's core, and through `core`, every locale.
  payload.issues.push(...(at == null ? issues : issues.map((issue) => ({ ...issue, path: [at, ...(issue.path ?? [])] }))));
  return read.data as R;
};

/**
 * `schema`, then `fn`: the wire shape read into the model. Marked free of side effects so a file
 * drops the schemas it does not use (docs/architecture.md, "Loading later, and bytes").
 */
export const then = /* @__NO_SIDE_EFFECTS__ */ <T extends z.core.$ZodType, R>(schema: T, fn: (x: z.output<T>, payload: z.core.ParsePayload) => R) =>
  z.transform((v: unknown, payload) => run(schema, v, payload, fn));

/** Any value as sent, `undefined` when missing: amounts (read once the answer's currency is known) and fields read by shape. */
export const Any = z.transform((v: unknown) => v);
/** A string; a number becomes its digits (ids and keys come either way). */
export const Str = z.transform(str);
/** A string with its character references decoded (`Caf&eacute;` → `Café`). */
export const Text = z.transform((v: unknown) => decode(str(v)));
/** Markup reduced to plain text (notices, addresses, messages). */
export const Plain = z.transform(plain);
/** A number, or a numeric string; anything else is 0. */
export const Num = z.transform(num);
/** `true`, `1`, `"1"`, `"yes"`, `"true"`; anything else is false. */
export const Bool = z.transform(bool);
/** A URL, or `null` for an empty or missing one. */
export const Url = z.transform((v: unknown) => str(v) || null);
/** An object as sent; PHP sends an empty one as `[]`, and anything but an object reads as `{}`. */
export const Obj = z.transform((v: unknown): Raw => (isObj(v) ? v : {}));

/** An object block of fields: anything but an object reads as the block of neutral values. */
export const block = /* @__NO_SIDE_EFFECTS__ */ <S extends z.core.$ZodLooseShape>(shape: S) => {
  const fields = z.object(shape);
  return z.transform((v: unknown, payload) => run(fields, isObj(v) ? v : {}, payload));
};

/** A block that may be left out: `null` when it is not an object (never a parse error, as every block reads). */
export const orNull = /* @__NO_SIDE_EFFECTS__ */ <T extends z.core.$ZodType>(block: T) =>
  z.transform((v: unknown, payload): z.output<T> | null => (isObj(v) ? run(block, v, payload) : null));

/**
 * PHP sends a collection as an array, as an object keyed by id, or as `[]` when empty: its
 * elements, each object with the key it was sent under as `$key` (the index for arrays). The copy
 * comes first and the key after it: the quicker literal to build in V8.
 */
const withKeys = (v: unknown): unknown[] | undefined =>
  isObj(v) || Array.isArray(v) ? Object.entries(v).map(([$key, x]) => (isObj(x) ? { ...x, $key } : x)) : undefined;

/**
 * A collection of `element`s. One the answer is made of (`needed`) must be there, and every element
 * must be an object; from a secondary one anything unreadable is left out, so one odd block never
 * hides the whole answer. `given` adjusts the value first. An element's issues are reported under
 * its position.
 */
const collection = /* @__NO_SIDE_EFFECTS__ */ <T extends z.core.$ZodType>(element: T, needed?: boolean, given = (v: unknown) => v) =>
  z.transform((v: unknown, payload) => {
    const xs = withKeys(given(v));
    return (needed ? (need(xs, payload) ?? []) : (xs ?? []).filter(isObj)).map((x, i) => run(element, x, payload, undefined, i));
  });

/** A collection the answer is made of. */
export const entries = /* @__NO_SIDE_EFFECTS__ */ <T extends z.core.$ZodType>(element: T) => collection(element, true);

/** A secondary collection. */
export const list = /* @__NO_SIDE_EFFECTS__ */ <T extends z.core.$ZodType>(element: T, given?: (v: unknown) => unknown) => collection(element, false, given);
