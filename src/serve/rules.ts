// The `_redirects` file read back as rules, matched as Netlify and Cloudflare
// Pages match them: exact paths, or a prefix with a trailing `*` splat; first
// match wins; a trailing slash on the request is ignored.
export interface ServeRule {
  from: string;
  prefix: boolean;
  to: string;
  status: number;
}

export function parseRedirects(text: string): ServeRule[] {
  const rules: ServeRule[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [from, to, status] = line.split(/\s+/);
    if (!from || !to) continue;
    const prefix = from.endsWith('/*');
    rules.push({ from: prefix ? from.slice(0, -1) : from, prefix, to, status: Number(status ?? 301) || 301 });
  }
  return rules;
}

export function matchRule(rules: readonly ServeRule[], pathname: string): ServeRule | undefined {
  const bare = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return rules.find((r) => (r.prefix ? pathname.startsWith(r.from) : r.from === pathname || r.from === bare));
}
