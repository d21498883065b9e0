// JSON that goes inside an HTML <script> element. JSON.stringify alone can be
// broken out of with `</script>` or `<!--`, and U+2028/U+2029 end lines in old
// JS parsers, so `<`, `>`, `&`, U+2028 and U+2029 become \uXXXX escapes
// (docs/architecture.md, "Hydration rules"). The result is still valid JSON.
const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (c) => ESCAPES[c]);
}

/** Stable JSON: object keys sorted recursively, so equal data gives equal bytes. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value as object).sort()) out[k] = sortKeys((value as Record<string, unknown>)[k]);
    return out;
  }
  return value;
}

/**
 * What `JSON.parse(stableStringify(value))` gives, without printing and parsing
 * the text: a copy with keys sorted recursively, and the values JSON cannot
 * hold dropped (in objects) or nulled (in arrays), as JSON.stringify does.
 * The crawl makes every response canonical with it, 14,000 of them at 10,000
 * posts, where the text round trip cost about 1.5 s. For JSON data (parsed
 * responses and what normalising makes of them): a toJSON method is not called.
 */
export function canonicalJson(value: unknown): unknown {
  const v = toJsonValue(value);
  return v === undefined ? null : v;
}

// A Date comes out as its own keys (none), as from stableStringify, which copies them.
function toJsonValue(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // JSON has neither NaN nor Infinity (null), nor -0 (0).
      return Number.isFinite(value) ? value + 0 : null;
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) return value.map((item) => toJsonValue(item) ?? null);
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(value).sort()) {
        const v = toJsonValue((value as Record<string, unknown>)[k]);
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
    case 'bigint':
      // As JSON.stringify: a BigInt has no JSON form.
      throw new TypeError('Do not know how to serialize a BigInt');
    default:
      // undefined, functions and symbols: left out of objects, null in arrays.
      return undefined;
  }
}

/**
 * Whether two values of JSON's kinds (what a route description holds) are alike to the last
 * field: the same keys in the same order, the same primitives (===), arrays and plain objects
 * alike in turn. Stricter than comparing their JSON texts (a key holding undefined and a key
 * left out differ here; NaN is unlike itself), never looser, and it prints nothing: comparing a
 * few hundred route descriptions with the last build's on every publish took a millisecond or
 * two of JSON.stringify. Not util.isDeepStrictEqual: it ignores the order of keys, which the
 * texts printed from a description (the build state, page data) keep.
 */
export function sameJsonValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJsonValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keys = Object.keys(a);
  const other = Object.keys(b);
  if (keys.length !== other.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key !== other[i] || !sameJsonValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
