/**
 * The building blocks of every wire schema. A *field* never fails: a missing or odd value reads as
 * the neutral one (`''`, `0`, `false`, `null`, `{}`, `[]`), so one odd field never hides a whole
 * answer. Only a *collection* an answer is made of (`entries`) and the answer itself (an object)
 * can fail a parse.
 */
import * as z from 'zod/mini';
import { decode, plain, str } from './text.js';

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

/** Each element read by `element`; its issues become the collection's. */
const each = <T extends z.core.$ZodType>(element: T, xs: unknown[], payload: z.core.ParsePayload) =>
  xs.map((x): z.output<T> => {
    const read = z.safeParse(element, x);
    if (!read.success) payload.issues.push({ code: 'custom', message: read.error.message, input: x });
    return read.data as z.output<T>;
  });

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
export const block = <S extends z.core.$ZodLooseShape>(shape: S) => z.pipe(Obj, z.object(shape));

/** A block that may be left out: `null` when it is (never a parse error, as every block reads). */
export const orNull = <T extends z.core.$ZodType>(block: T) =>
  z.transform((v: unknown): z.output<T> | null => (v == null ? null : z.parse(block, v)));

/**
 * PHP sends a collection as an array, as an object keyed by id, or as `[]` when empty: its
 * elements, each object with the key it was sent under as `$key` (the index for arrays).
 */
const withKeys = (v: unknown): unknown[] | undefined =>
  isObj(v) || Array.isArray(v) ? Object.entries(v).map(([$key, x]) => (isObj(x) ? { $key, ...x } : x)) : undefined;

/** A collection the answer is made of: it must be there, and every element must be an object. */
export const entries = <T extends z.core.$ZodType>(element: T) =>
  z.transform((v: unknown, payload) => each(element, need(withKeys(v), payload) ?? [], payload));

/** A secondary collection: anything unreadable is left out, so one odd block never hides the whole answer. */
export const list = <T extends z.core.$ZodType>(element: T) =>
  z.transform((v: unknown, payload) => each(element, (withKeys(v) ?? []).filter(isObj), payload));
