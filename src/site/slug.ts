// The one function turning an untrusted API slug into a path segment (docs/architecture.md,
// "Untrusted input"): file name, link and sitemap URL use one checked value. Why each rule: `..`,
// `/`, `\` and `%2F` wrote outside the output in Hugo and Hono; NUL and controls break file systems
// and headers; Windows reserved names cannot be created; NFC/NFD twins are one name on macOS; names
// over 255 bytes fail everywhere (with a margin for `.json`/`index.html`).

export const SLUG_MAX_BYTES = 200;

const ALLOWED = /^[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}_-]*[\p{L}\p{N}\p{M}])?$/u;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

const utf8 = new TextEncoder();

export type SlugCheck = { ok: true; slug: string } | { ok: false; reason: string };

// Nearly every name asked is plain ASCII, which passes every rule or is a reserved name: one pattern
// decides, so no answer is kept (a cache by name would be shared by every site of the process).
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

/** The key two slugs collide on: case and Unicode form folded, as on macOS and Windows. */
export function collisionKey(path: string): string {
  return path.normalize('NFC').toLowerCase();
}
