// Redirect rules: one canonical list, validated where the data enters, then rendered per host by emit
// (docs/deploying.md, "Redirect formats and limits"). Why each check (docs/architecture.md,
// "Untrusted input"; docs/decisions/0023-redirect-rules-validated-once.md):
// - whitespace and control or format characters would split a line into extra rules;
// - `#` starts a comment in `_redirects`, silently dropping the rest of the line;
// - `//evil.example` and `/\evil.example` leave the site: site-relative is exactly one leading '/';
// - off-site targets only to config.api.redirectAllowHosts (open redirects);
// - sources are static paths: no '*', ':placeholder', query or fragment;
// - only RFC 3986 characters without `$`, `'` and `;` (nginx variables, directive ends), so every
//   format carries a rule verbatim; anything else must arrive percent-encoded.
// Invalid rules are dropped with a warning naming the record.
import type { RedirectRule } from '../site/types.ts';
import type { RedirectRecord } from './types.ts';
import type { Warn } from '../errors/warnings.ts';

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;
/** Cloudflare Pages allows 1,000 characters per line; keep each part well under. */
const MAX_URL_CHARS = 480;
// \s covers CR, LF, tabs and Unicode spaces; \p{C} control, format (zero-width, bidi) and unassigned.
const BAD_CHARS = /[\s\p{C}\\]/u;
const URL_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!&()*+,=%]*$/;
const charsCheck = (what: string, v: string): Check | null =>
  URL_CHARS.test(v) ? null : bad(`${what} has characters that must be percent-encoded (only RFC 3986 characters without $ ' ; are kept)`);

export type Check = { ok: true } | { ok: false; reason: string };
const bad = (reason: string): Check => ({ ok: false, reason });

export function checkSource(from: unknown): Check {
  if (typeof from !== 'string' || from === '') return bad('source is empty or not text');
  if (from.length > MAX_URL_CHARS) return bad(`source longer than ${MAX_URL_CHARS} characters`);
  if (BAD_CHARS.test(from)) return bad('source contains whitespace, a control character or a backslash');
  if (!from.startsWith('/') || from.startsWith('//')) return bad('source is not a site path starting with a single "/"');
  const chars = charsCheck('source', from);
  if (chars) return chars;
  if (/[#?*:]/.test(from)) return bad('source contains "#", "?", "*" or ":" (only static paths are allowed)');
  const segments = from.split('/');
  for (const s of segments) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(s);
    } catch {
      return bad('source has a malformed percent-escape');
    }
    if (decoded === '..' || decoded === '.' || /[/\\\p{C}]/u.test(decoded)) return bad('source has a dot segment or an encoded separator');
  }
  return { ok: true };
}

export function checkTarget(to: unknown, allowHosts: readonly string[]): Check {
  if (typeof to !== 'string' || to === '') return bad('target is empty or not text');
  if (to.length > MAX_URL_CHARS) return bad(`target longer than ${MAX_URL_CHARS} characters`);
  if (BAD_CHARS.test(to)) return bad('target contains whitespace, a control character or a backslash');
  if (to.startsWith('#')) return bad('target starts with "#" (a comment in _redirects)');
  const chars = charsCheck('target', to);
  if (chars) return chars;
  if (to.startsWith('/')) {
    if (to.startsWith('//')) return bad('target is protocol-relative ("//host") and would leave the site');
    return { ok: true };
  }
  let url: URL;
  try {
    url = new URL(to);
  } catch {
    return bad('target is neither a site path nor an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return bad(`target scheme ${url.protocol} is not http(s)`);
  if (url.username || url.password) return bad('target carries credentials');
  if (!allowHosts.map((h) => h.toLowerCase()).includes(url.hostname.toLowerCase())) {
    return bad(`target host ${url.hostname} is not in api.redirectAllowHosts`);
  }
  return { ok: true };
}

export function checkRule(rule: { from: unknown; to: unknown; status: unknown }, allowHosts: readonly string[]): Check {
  const s = checkSource(rule.from);
  if (!s.ok) return s;
  const t = checkTarget(rule.to, allowHosts);
  if (!t.ok) return t;
  if (!REDIRECT_STATUSES.includes(rule.status as 301)) return bad(`status ${String(rule.status)} is not one of ${REDIRECT_STATUSES.join(', ')}`);
  if (rule.from === rule.to) return bad('source and target are the same');
  return { ok: true };
}

/** The API's redirect records as rules (status defaults to 301, the CMS's usual). */
export function rulesFromRecords(records: readonly RedirectRecord[]): { from: unknown; to: unknown; status: unknown; source: string }[] {
  return records.map((r) => ({
    from: r?.current_url,
    to: r?.redirect_url,
    status: r?.status ?? 301,
    source: `API redirect record ${JSON.stringify(String(r?.current_url)).slice(0, 120)}`,
  }));
}

export interface MergeInput {
  /** In precedence order: the first rule for a source wins (config before API before kinds). */
  candidates: { from: unknown; to: unknown; status: unknown; source: string }[];
  allowHosts: readonly string[];
  /** Paths that are pages: a redirect from one would be shadowed by the file on every host. */
  routePaths: Pick<ReadonlySet<string>, 'has'>;
  warn: Warn;
}

/** Validate, de-duplicate (first wins, as on Cloudflare) and sort by source. */
export function mergeRedirects({ candidates, allowHosts, routePaths, warn }: MergeInput): RedirectRule[] {
  const bySource = new Map<string, RedirectRule>();
  for (const c of candidates) {
    const check = checkRule(c, allowHosts);
    if (!check.ok) {
      warn('W_REDIRECT_INVALID', { source: c.source, reason: check.reason });
      continue;
    }
    const from = c.from as string;
    if (routePaths.has(from)) {
      warn('W_REDIRECT_SHADOWED', { detail: `redirect dropped (${c.source}): ${from} is a page of this site` });
      continue;
    }
    const first = bySource.get(from);
    if (first) {
      if (first.to !== c.to) warn('W_REDIRECT_DUPLICATE', { source: c.source, from, to: first.to, first: first.source });
      continue;
    }
    bySource.set(from, { from, to: c.to as string, status: c.status as RedirectRule['status'], source: c.source });
  }
  return [...bySource.values()].sort((a, b) => cmp(a.from, b.from));
}

export const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
