// Checks the security test applies to a built out/ (docs/architecture.md,
// "Untrusted input"): file names, every HTML document parsed
// with jsdom, redirect files by format. Each check returns the list of problems
// found (empty = clean), so one failing assertion names every offender at once.
import { lstat, readdir, realpath } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { JSDOM } from 'jsdom';

/** Every entry (files, folders, links) under `root`, '/'-separated, sorted. */
export async function walk(root: string): Promise<string[]> {
  const out: string[] = [];
  async function go(dir: string) {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      out.push(relative(root, p).split(sep).join('/'));
      if (e.isDirectory()) await go(p);
    }
  }
  await go(root);
  return out.sort();
}

/** Entries whose real path (symlinks resolved) is not inside `root`. */
export async function escapingEntries(root: string, entries: readonly string[]): Promise<string[]> {
  const realRoot = await realpath(root);
  const bad: string[] = [];
  for (const e of entries) {
    const p = join(root, e);
    if (!(await lstat(p)).isSymbolicLink()) continue;
    const real = await realpath(p).catch(() => null);
    if (!real || !(real === realRoot || real.startsWith(realRoot + sep))) bad.push(`${e} -> ${real}`);
  }
  return bad;
}

// Windows reserved device names, with or without an extension (CON, con.txt, COM1...).
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Why a path segment is unsafe as a file name on common file systems, or null. */
export function badSegment(seg: string): string | null {
  if (seg !== seg.normalize('NFC')) return 'not NFC';
  if (CONTROL.test(seg)) return 'control character';
  if (/[\\:*?"<>|]/.test(seg)) return 'character Windows forbids';
  if (WINDOWS_RESERVED.test(seg)) return 'Windows reserved name';
  if (Buffer.byteLength(seg, 'utf8') > 255) return 'over 255 bytes';
  if (seg === '.' || seg === '..' || seg === '') return 'dot or empty segment';
  if (/%2f|%5c|%00/i.test(seg)) return 'encoded separator or NUL';
  return null;
}

export function badNames(entries: readonly string[]): string[] {
  return entries.flatMap((e) => e.split('/').flatMap((s) => (badSegment(s) ? [`${JSON.stringify(e)}: ${badSegment(s)}`] : [])));
}

const URL_ATTRS = ['href', 'src', 'action', 'formaction', 'poster', 'cite', 'data', 'background', 'xlink:href', 'ping', 'manifest'];
/** Schemes a URL from the page may carry; anything else (javascript:, vbscript:, data:, file:...) is a finding. */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const IFRAME_OK = /^https:\/\/(www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]+|player\.vimeo\.com\/video\/[0-9]+)(\?[^"<>\s]*)?$/;
const ENTRY = /^\/assets\/[A-Za-z0-9_-]+\.js$/;

// One jsdom window for all pages: its DOMParser builds a full HTML document per
// page without the cost of a new window each time (hundreds of pages per build).
let domParser: DOMParser | undefined;
const parser = (): DOMParser => (domParser ??= new new JSDOM('').window.DOMParser());

/** The scheme a browser would see: it strips ASCII whitespace and controls before parsing. */
export function schemeOf(url: string): string | null {
  // eslint-disable-next-line no-control-regex
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\u0000-\u0020\u007f]/g, ''));
  return m ? m[1].toLowerCase() : null;
}

export interface HtmlFindings {
  problems: string[];
  /** Parsed JSON of the __PRESSROOM_DATA__ script (undefined on redirect pages). */
  data?: unknown;
  jsonLd: unknown[];
  doc: Document;
}

/**
 * Parses one page and lists what a hostile record could have smuggled in.
 * `redirectPage`: a GitHub Pages redirect page, whose one inline script is a
 * `location.replace(<JSON string>)` equal to its meta refresh target.
 */
export function inspectHtml(file: string, html: string, redirectPage: boolean): HtmlFindings {
  const doc = parser().parseFromString(html, 'text/html');
  const problems: string[] = [];
  const p = (m: string) => problems.push(`${file}: ${m}`);
  let data: unknown;
  const jsonLd: unknown[] = [];

  for (const el of doc.querySelectorAll('*')) {
    for (const a of el.attributes) {
      const name = a.name.toLowerCase();
      if (name.startsWith('on')) p(`<${el.localName}> has event handler ${a.name}`);
      if (URL_ATTRS.includes(name)) {
        const s = schemeOf(a.value);
        if (s && !SAFE_SCHEMES.has(s)) p(`<${el.localName} ${a.name}="${a.value.slice(0, 60)}"> uses scheme ${s}:`);
      }
      if (name === 'srcset' || name === 'imagesrcset') {
        for (const c of a.value.split(',')) {
          const s = schemeOf(c.trim());
          if (s && !SAFE_SCHEMES.has(s)) p(`<${el.localName} srcset> candidate uses scheme ${s}:`);
        }
      }
      if (name === 'style' && /expression\(|url\(\s*['"]?\s*(javascript|data|vbscript):/i.test(a.value)) p(`<${el.localName}> style carries a script URL`);
    }
  }
  for (const f of doc.querySelectorAll('iframe')) if (!IFRAME_OK.test(f.getAttribute('src') ?? '')) p(`<iframe src="${f.getAttribute('src')}"> is not an allow-listed embed`);
  for (const tag of ['object', 'embed', 'applet', 'base', 'frame', 'frameset']) if (doc.querySelector(tag)) p(`has a <${tag}> element`);
  for (const m of doc.querySelectorAll('meta[http-equiv]')) {
    const url = /url=(.*)$/i.exec(m.getAttribute('content') ?? '')?.[1];
    if (url !== undefined && schemeOf(url) && !['http', 'https'].includes(schemeOf(url)!)) p(`meta refresh to ${url}`);
  }
  // Style elements only from the document shell's <head>, never from data in the body.
  for (const s of doc.body?.querySelectorAll('style') ?? []) p(`<style> in the body: ${s.textContent?.slice(0, 40)}`);

  for (const s of doc.querySelectorAll('script')) {
    const type = s.getAttribute('type');
    const src = s.getAttribute('src');
    const text = s.textContent ?? '';
    if (type === 'module' && src && ENTRY.test(src) && text === '') continue;
    if (src) {
      p(`<script src="${src}" type="${type}"> is not the module entry`);
      continue;
    }
    if (type === 'application/json' && s.id === '__PRESSROOM_DATA__') {
      if (data !== undefined) p('two __PRESSROOM_DATA__ scripts');
      data = parseJson(text, (m) => p(`__PRESSROOM_DATA__ ${m}`));
      checkScriptText(text, (m) => p(`__PRESSROOM_DATA__ ${m}`));
      continue;
    }
    if (type === 'application/ld+json') {
      jsonLd.push(parseJson(text, (m) => p(`ld+json ${m}`)));
      checkScriptText(text, (m) => p(`ld+json ${m}`));
      continue;
    }
    if (redirectPage && type === null && doc.querySelectorAll('script').length === 1) {
      const m = /^location\.replace\((.*)\)$/s.exec(text);
      const target = /url=(.*)$/i.exec(doc.querySelector('meta[http-equiv="refresh"]')?.getAttribute('content') ?? '')?.[1];
      if (m && typeof parseJson(m[1], () => {}) === 'string' && parseJson(m[1], () => {}) === target) continue;
    }
    p(`unexpected <script type="${type}">${text.slice(0, 60)}`);
  }
  return { problems, data, jsonLd, doc };
}

function parseJson(text: string, fail: (m: string) => void): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    fail(`is not JSON: ${(e as Error).message}`);
    return undefined;
  }
}

/** JSON inside a script element: the parser ends it at `</script`, and `<!--` changes its state (HTML, "script data"). */
function checkScriptText(text: string, fail: (m: string) => void): void {
  if (/<\/script|<!--|<script/i.test(text)) fail('contains a raw "<" sequence that can end the element');
  if (/[\u2028\u2029]/.test(text)) fail('contains a raw U+2028/U+2029');
}

/** Every string value inside a parsed JSON value. */
export function stringsIn(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) stringsIn(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) stringsIn(x, out);
  return out;
}
