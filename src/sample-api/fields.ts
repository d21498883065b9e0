// Checking an edit's fields (docs/sample-api.md, "Editing the sample API"): the mutations run every
// input through these, so HTTP and code are refused alike; HTTP only maps the error's status.

import { checkSlug } from '../site/slug.ts';
import { ISO_DATE_EXPECTED, isoDateMs } from '../encoding/iso-date.ts';

/** A refused edit: the HTTP status it maps to and, when one field is to blame, its name. */
export class MutationError extends Error {
  override name = 'MutationError';
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Thrown by a check with what the value should have been; checkFields adds the field name. */
class Invalid extends Error {}

/** Turns a raw JSON value into the stored one, or throws Invalid naming what was expected. */
export type Check<T = unknown> = (value: unknown) => T;

/** A short, safe rendering of what was received, for error messages. */
function got(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}…` : v);
  return `${typeof v} ${String(v)}`;
}

const expected = (what: string, v: unknown) => new Invalid(`expected ${what}, got ${got(v)}`);

/** A string of at most `max` characters; `blank` allows "" (and whitespace). */
export const text = (max: number, blank = false): Check<string> => (v) => {
  if (typeof v !== 'string' || v.length > max || (!blank && v.trim() === '')) throw expected(`${blank ? 'a' : 'a non-empty'} string of at most ${max} characters`, v);
  return v;
};

/** `check`, or null to clear the field. */
export const nullable = <T>(check: Check<T>): Check<T | null> => (v) => {
  if (v === null) return null;
  try {
    return check(v);
  } catch (e) {
    throw e instanceof Invalid ? new Invalid(`${e.message.replace(/^expected /, 'expected null or ')}`) : e;
  }
};

export const flag: Check<0 | 1> = (v) => {
  if (v !== 0 && v !== 1) throw expected('0 or 1', v);
  return v;
};

export const bool: Check<boolean> = (v) => {
  if (typeof v !== 'boolean') throw expected('true or false', v);
  return v;
};

export const intIn = (min: number, max: number): Check<number> => (v) => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw expected(`an integer from ${min} to ${max}`, v);
  return v;
};

export const oneOf = <T extends string>(...values: T[]): Check<T> => (v) => {
  if (!values.includes(v as T)) throw expected(values.map((x) => JSON.stringify(x)).join(' or '), v);
  return v as T;
};

/** A slug the site can publish (src/site/slug.ts), in NFC. */
export const slug: Check<string> = (v) => {
  const c = checkSlug(v);
  if (!c.ok) throw new Invalid(`not a slug the site can publish (${c.reason}): ${got(v)}`);
  return c.slug;
};

/** An ISO 8601 date (UTC midnight) or date-time with a zone, as epoch ms (src/encoding/iso-date.ts). */
export const isoDate: Check<number> = (v) => {
  const ms = isoDateMs(v);
  if (Number.isNaN(ms)) throw expected(ISO_DATE_EXPECTED, v);
  return ms;
};

export type Spec = Record<string, Check>;

/**
 * The checked fields of `body` for `what`: refuses a non-object, unknown, missing or wrongly typed
 * fields, naming the field. `nonEmpty`: refuses an empty edit (it would still advance the clock).
 */
export function checkFields<T>(what: string, body: unknown, spec: Spec, required: readonly string[] = [], nonEmpty = false): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new MutationError(400, `the body of ${what} must be a JSON object, got ${got(body)}`);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const check = Object.hasOwn(spec, key) ? spec[key] : undefined;
    if (!check) throw new MutationError(400, `unknown field "${key}" for ${what} (known: ${Object.keys(spec).join(', ')})`, key);
    if (value === undefined) continue; // programmatic callers may spread optional fields
    try {
      out[key] = check(value);
    } catch (e) {
      if (!(e instanceof Invalid)) throw e;
      throw new MutationError(400, `field "${key}" of ${what}: ${e.message}`, key);
    }
  }
  for (const key of required) if (!(key in out)) throw new MutationError(400, `field "${key}" is required for ${what}`, key);
  if (nonEmpty && Object.keys(out).length === 0) throw new MutationError(400, `the body of ${what} names no field to change (known: ${Object.keys(spec).join(', ')})`);
  return out as T;
}
