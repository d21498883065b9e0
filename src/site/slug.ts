// The one function that turns an untrusted slug from the API into a path
// segment (docs/architecture.md, "Untrusted input"). The same checked value is used for
// the output file name, the link and the sitemap URL, so they cannot disagree.
//
// Why each rule: `..`, `/`, `\` and `%2F` wrote outside the output folder in Hugo
// and Hono; NUL and control characters break file systems and HTTP headers;
// Windows reserved names (CON, NUL, COM1...) cannot be created there; NFC/NFD
// twins are two spellings of one name (macOS folds them); names over 255 bytes
// fail on every common file system (we keep a margin for `.json`/`index.html`).

export const SLUG_MAX_BYTES = 200;

const ALLOWED = /^[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}_-]*[\p{L}\p{N}\p{M}])?$/u;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

const utf8 = new TextEncoder();

export type SlugCheck = { ok: true; slug: string } | { ok: false; reason: string };

// Asked about the same names again and again (every post's author and category on every pass
// over the snapshot), and nearly every name is plain ASCII: such a name passes every rule below
// or is a Windows reserved name, which one pattern tells at the cost of a map lookup, so no
// answer is kept (a cache keyed by name would be shared by every site of the process).
const PLAIN_ASCII = /^[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?$/;

export function checkSlug(raw: unknown): SlugCheck {
  if (typeof raw !== 'string') return { ok: false, reason: 'not a string' };
  if (raw.length <= SLUG_MAX_BYTES && PLAIN_ASCII.test(raw) && !WINDOWS_RESERVED.test(raw)) return { ok: true, slug: raw };
  return check(raw);
}

function check(raw: string): SlugCheck {
  if (raw.length === 0) return { ok: false, reason: 'empty' };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(raw)) return { ok: false, reason: 'contains a control character' };
  if (/[/\\]/.test(raw)) return { ok: false, reason: 'contains a path separator' };
  if (/%[0-9a-f]{2}/i.test(raw)) return { ok: false, reason: 'contains a percent-escape' };
  if (raw.includes('..')) return { ok: false, reason: 'contains ".."' };
  const slug = raw.normalize('NFC');
  if (utf8.encode(slug).length > SLUG_MAX_BYTES) return { ok: false, reason: `longer than ${SLUG_MAX_BYTES} bytes` };
  if (WINDOWS_RESERVED.test(slug)) return { ok: false, reason: 'a Windows reserved name' };
  if (!ALLOWED.test(slug)) return { ok: false, reason: 'has characters outside letters, digits, "-" and "_"' };
  return { ok: true, slug };
}

/**
 * The key two slugs collide on: case and Unicode form folded, as on macOS and
 * Windows file systems. Plan uses it to find two records on one output file.
 */
export function collisionKey(path: string): string {
  return path.normalize('NFC').toLowerCase();
}
