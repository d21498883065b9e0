// What a built out/ says about the records the build left out (its report's quarantine): every HTML
// page's links, embedded data and island props, every sitemap and feed, every mirror file and the
// search index's fragments. Each check returns the problems found (empty = clean).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Quarantined } from '../../../src/api/quarantine.ts';
import { DATA_ELEMENT_ID } from '../../../src/page-data/page-data.ts';
import { outputFileFor, paths } from '../../../src/site/paths.ts';
import { listFiles } from '../../helpers/files.ts';
import { walk } from './inspect.ts';

/** How a left-out record shows: the site paths it would have, and which JSON objects are it. */
export interface Needle {
  record: string;
  /** Site paths (percent-encoded as links are), matched whole. */
  urls: string[];
  /** Site path prefixes: any path under them is the record's. */
  prefixes: string[];
  /** Site path patterns (a sub-category's listing under any category). */
  patterns: RegExp[];
  isIt: (o: Record<string, unknown>) => boolean;
}

const enc = encodeURIComponent;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The needle of a quarantined record, from its id (`post 12 (news/x)`, `event 3 (slug)`, `ad 103`...).
 * `published`: whether out/ has the page of a site path. The crawl keeps slugs in NFC, so an NFC/NFD
 * twin has the kept one's name and URL: a URL that a published page answers is the kept record's,
 * and such a twin is known by its id alone.
 */
export function needleOf(q: Quarantined, published: (path: string) => boolean = () => false): Needle | null {
  const m = /^(post|event|ad|author|sub-category|category) (\d+)(?: \((.*)\))?$/su.exec(q.id);
  if (!m) return null;
  const [, kind, idText, named] = m;
  const id = Number(idText);
  const n: Needle = { record: q.id, urls: [], prefixes: [], patterns: [], isIt: () => false };
  if (kind === 'post') {
    n.isIt = (o) => o.id === id && 'post_name' in o;
    if (named !== undefined) {
      const at = named.indexOf('/');
      const url = paths.article(named.slice(0, at), named.slice(at + 1));
      if (!published(url)) n.urls.push(url);
    }
  } else if (kind === 'event') {
    n.isIt = (o) => o.event_id === id;
    if (named !== undefined && !published(paths.event(named))) n.urls.push(paths.event(named), paths.pastEvent(named));
  } else if (kind === 'ad') n.isIt = (o) => o.banner_id === id;
  else if (kind === 'author') n.isIt = (o) => o.author_id === id && 'author_name' in o;
  else if (kind === 'sub-category') {
    n.isIt = (o) => o.subcat_id === id && 'subcat_slug' in o;
    if (named !== undefined && !published(paths.tag(named))) {
      n.urls.push(paths.tag(named));
      n.patterns.push(new RegExp(`^/topic/[^/]+/${escapeRe(enc(named))}(/|$)`));
    }
  } else {
    n.isIt = (o) => (o.cat_id === id && 'cat_slug' in o) || (named !== undefined && o.cat_slug === named);
    if (named !== undefined) {
      n.urls.push(`/${enc(named)}`, paths.topic(named));
      n.prefixes.push(`/${enc(named)}/`, `${paths.topic(named)}/`);
    }
  }
  return n;
}

function pathHits(path: string, needles: readonly Needle[]): string[] {
  const bare = path.replace(/[?#].*$/s, '');
  return needles.filter((n) => n.urls.includes(bare) || n.prefixes.some((p) => bare.startsWith(p)) || n.patterns.some((r) => r.test(bare))).map((n) => n.record);
}

function jsonHits(value: unknown, needles: readonly Needle[], out: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) jsonHits(v, needles, out);
  else if (typeof value === 'object' && value !== null) {
    const o = value as Record<string, unknown>;
    for (const n of needles) if (n.isIt(o)) out.add(n.record);
    for (const v of Object.values(o)) jsonHits(v, needles, out);
  } else if (typeof value === 'string' && value.startsWith('/')) for (const r of pathHits(value, needles)) out.add(r);
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'", '#39': "'", '#x27': "'" };
const unescapeHtml = (s: string) => s.replace(/&(amp|quot|lt|gt|apos|#39|#x27);/g, (_, e: string) => ENTITIES[e]);

/** Site paths named in a text: attribute values, XML element text, JSON strings; absolute URLs of `origin` made site paths. */
function sitePathsIn(text: string, origin: string): string[] {
  const out: string[] = [];
  const re = /(?:\s(?:href|src|action|poster)=["']|<(?:loc|link|id|guid)>|"(?:url|id|external_url|home_page_url|feed_url)"\s*:\s*")([^"'<\s]+)/g;
  for (const m of text.matchAll(re)) {
    let v = unescapeHtml(m[1]);
    if (v.startsWith(origin)) v = v.slice(origin.length) || '/';
    if (v.startsWith('/') && !v.startsWith('//')) out.push(v);
  }
  return out;
}

/** Every mention of a quarantined record in out/, as `file: record (where)`. */
export async function leftOutMentions(out: string, quarantined: readonly Quarantined[], origin: string): Promise<string[]> {
  const files = await listFiles(out);
  const pages = new Set(files);
  const needles = quarantined.map((q) => needleOf(q, (path) => pages.has(outputFileFor(path, 'folder')))).filter((n) => n !== null);
  const problems: string[] = [];
  for (const f of files) {
    if (/\.(br|gz)$/.test(f) || f.startsWith('assets/')) continue;
    const found = new Set<string>();
    const where = new Set<string>();
    const note = (records: Iterable<string>, w: string) => {
      for (const r of records) (found.add(r), where.add(w));
    };
    if (f.endsWith('.pf_fragment')) {
      const raw = gunzipSync(await readFile(join(out, f)));
      const json = JSON.parse(raw.subarray(raw.indexOf('{')).toString('utf8'));
      const hits = new Set<string>();
      jsonHits(json, needles, hits);
      note(hits, 'search fragment');
    } else if (/\.(html|xml|json|txt)$/.test(f) || f === '_redirects') {
      const text = await readFile(join(out, f), 'utf8');
      for (const p of sitePathsIn(text, origin)) note(pathHits(p, needles), `link ${p}`);
      const hits = new Set<string>();
      if (f.endsWith('.json')) jsonHits(JSON.parse(text), needles, hits);
      if (f.endsWith('.html')) {
        const data = new RegExp(`<script[^>]*id="${DATA_ELEMENT_ID}"[^>]*>([\\s\\S]*?)</script>`).exec(text);
        if (data) jsonHits(JSON.parse(data[1]), needles, hits);
        for (const m of text.matchAll(/\sdata-props="([^"]*)"/g)) jsonHits(JSON.parse(unescapeHtml(m[1])), needles, hits);
      }
      note(hits, 'data');
    }
    if (found.size > 0) problems.push(`${f}: ${[...found].sort().join(', ')} (${[...where].sort().slice(0, 3).join('; ')})`);
  }
  return problems;
}

/** Paths in out/ (files and folders) that are one name on a case-insensitive, normalising disk. */
export async function foldedTwins(out: string): Promise<string[][]> {
  const byKey = new Map<string, string[]>();
  for (const e of await walk(out)) {
    const key = e.normalize('NFC').toLowerCase();
    byKey.set(key, [...(byKey.get(key) ?? []), e]);
  }
  return [...byKey.values()].filter((g) => g.length > 1);
}
