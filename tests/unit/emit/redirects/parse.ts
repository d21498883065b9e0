// Independent parsers for every redirect format the build writes, used by the
// round-trip tests: each returns the rules a host would read, in file order,
// and throws on any line that is not a rule or a known directive (so an
// injected or split line fails the test rather than being ignored).
import { JSDOM } from 'jsdom';

export interface Parsed {
  from: string;
  to: string;
  status: number;
}

export function parseNetlify(text: string): Parsed[] {
  const out: Parsed[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const parts = line.trim().split(/\s+/);
    if (parts.length !== 3 || !/^\d{3}$/.test(parts[2])) throw new Error(`not a _redirects rule: ${JSON.stringify(line)}`);
    out.push({ from: parts[0], to: parts[1], status: Number(parts[2]) });
  }
  return out;
}

export function parseVercel(text: string): { redirects: Parsed[]; rewrites: { source: string; destination: string }[] } {
  const json = JSON.parse(text) as { redirects: Record<string, unknown>[]; rewrites: { source: string; destination: string }[] };
  const redirects = json.redirects.map((r) => {
    const keys = Object.keys(r).sort().join(',');
    if (keys !== 'destination,permanent,source' && keys !== 'destination,source,statusCode') throw new Error(`unexpected keys ${keys}`);
    const status = typeof r.statusCode === 'number' ? r.statusCode : r.permanent ? 308 : 307;
    return { from: String(r.source).replace(/\\(.)/g, '$1'), to: String(r.destination), status };
  });
  return { redirects, rewrites: json.rewrites };
}

// The one rule for the other form of a page URL (site.trailingSlash), with its capture group: not a redirect of the list.
const URL_FORM_APACHE = /^RedirectMatch 301 "\^\((?:\/[A-Za-z0-9._~-]+)*(?:\/\.\+\?\)\/\+\$|\(\?:\/\[\^\/\]\+\)\*\/\[\^\.\/\]\+\)\$)" "\$1\/?"$/;
const KNOWN_APACHE = /^(ErrorDocument 404 \/404\.html|DirectoryIndex index\.html|DirectorySlash Off|RewriteEngine On|RewriteCond .*|RewriteRule "[^"]*" "[^"]*" \[L\]|<IfModule mod_headers\.c>|<\/IfModule>|\s+Header set Cache-Control "[^"]*"|\s+<If "[^"]*">|\s+<\/If>)$/;

export function parseApache(text: string): Parsed[] {
  const out: Parsed[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^RedirectMatch (\d{3}) "\^([^"]*)\/\?\$" "([^"\s]*)"$/.exec(line);
    if (m) {
      const bytes: number[] = [];
      for (let i = 0; i < m[2].length; ) {
        if (m[2][i] === '\\') {
          if (m[2][i + 1] !== 'x') throw new Error(`unexpected escape in ${line}`);
          bytes.push(parseInt(m[2].slice(i + 2, i + 4), 16));
          i += 4;
        } else {
          if (!/[A-Za-z0-9/_~-]/.test(m[2][i])) throw new Error(`regex operator ${m[2][i]} in ${line}`);
          bytes.push(m[2].charCodeAt(i));
          i += 1;
        }
      }
      out.push({ from: new TextDecoder().decode(new Uint8Array(bytes)), to: m[3], status: Number(m[1]) });
      continue;
    }
    if (!KNOWN_APACHE.test(line) && !URL_FORM_APACHE.test(line)) throw new Error(`unknown .htaccess line: ${JSON.stringify(line)}`);
  }
  return out;
}

export function parseCaddy(text: string): { redirects: Parsed[]; rewrites: string[] } {
  const redirects: Parsed[] = [];
  const rewrites: string[] = [];
  let depth = 0;
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    if (t.endsWith('{')) depth += 1;
    if (t === '}') depth -= 1;
    if (depth > 0 || t === '}' || t.endsWith('{')) continue;
    const parts = t.split(/\s+/);
    if (parts[0] === 'redir' && parts[1] === '@pressroom_other') continue;
    if (parts[0] === 'redir') {
      if (parts.length !== 4) throw new Error(`redir with ${parts.length - 1} arguments: ${t}`);
      redirects.push({ from: parts[1], to: parts[2], status: Number(parts[3]) });
    } else if (parts[0] === 'rewrite') rewrites.push(t);
    else if (!/^(try_files|header|@pressroom_\w+) /.test(t)) throw new Error(`unknown Caddyfile line: ${JSON.stringify(t)}`);
  }
  return { redirects, rewrites };
}

/** nginx map file: the two maps' entries (key, value), in order. */
export function parseNginxMap(text: string): { targets: [string, string][]; statuses: [string, string][] } {
  const maps: [string, string][][] = [];
  let cur: [string, string][] | null = null;
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    if (!cur && /^map_hash_(bucket|max)_size \d+;$/.test(t)) continue;
    if (/^map \$uri \$\w+ \{$/.test(t)) {
      cur = [];
      maps.push(cur);
      continue;
    }
    if (t === '}') {
      cur = null;
      continue;
    }
    if (!cur) throw new Error(`line outside a map: ${t}`);
    if (/^default /.test(t)) continue;
    const m = /^"((?:[^"\\]|\\.)*)" ("(?:[^"\\]|\\.)*"|\d{3});$/.exec(t);
    if (!m) throw new Error(`not a map entry: ${JSON.stringify(t)}`);
    cur.push([m[1].replace(/\\(.)/g, '$1'), m[2].replace(/^"|"$/g, '').replace(/\\(.)/g, '$1')]);
  }
  return { targets: maps[0] ?? [], statuses: maps[1] ?? [] };
}

export function parseRedirectPage(html: string): { refresh: string; canonical: string; script: string; noindex: boolean } {
  const doc = new JSDOM(html).window.document;
  const content = doc.querySelector('meta[http-equiv="refresh"]')?.getAttribute('content') ?? '';
  const m = /^0; url=(.*)$/.exec(content);
  const script = doc.querySelector('script')?.textContent ?? '';
  const s = /^location\.replace\((.*)\)$/.exec(script);
  return {
    refresh: m?.[1] ?? '',
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
    script: s ? (JSON.parse(s[1]) as string) : '',
    noindex: doc.querySelector('meta[name="robots"]')?.getAttribute('content') === 'noindex',
  };
}
