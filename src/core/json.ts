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
