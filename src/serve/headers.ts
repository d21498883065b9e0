// `_headers` read back as Netlify and Cloudflare Pages read it, so `pressroom serve` previews the
// host: a `/` line opens a rule, indented `Name: value` lines add headers, `#` lines are comments;
// `*` is a splat, `:name` a segment. Every matching rule applies, one header's values comma-joined;
// without a match, the hosts' default `public, max-age=0, must-revalidate`.
export interface HeaderRule {
  pattern: RegExp;
  source: string;
  headers: [string, string][];
}

export const HOST_DEFAULT_CACHE = 'public, max-age=0, must-revalidate';

function toRegExp(path: string): RegExp {
  const body = path
    .split(/(\*|:[A-Za-z_][A-Za-z0-9_]*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') && part.length > 1 ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | null = null;
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === '' || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      const path = raw.trim().replace(/^https?:\/\/[^/]+/, '');
      current = { pattern: toRegExp(path), source: path, headers: [] };
      rules.push(current);
      continue;
    }
    const m = /^\s+([^:\s]+)\s*:\s*(.*)$/.exec(raw);
    if (m && current) current.headers.push([m[1].toLowerCase(), m[2].trim()]);
  }
  return rules;
}

/** The headers every matching rule sets for a URL path, lower-cased names, combined values. */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rules) {
    if (!r.pattern.test(pathname)) continue;
    for (const [k, v] of r.headers) out[k] = out[k] ? `${out[k]}, ${v}` : v;
  }
  return out;
}
