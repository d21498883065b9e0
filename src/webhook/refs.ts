// What changed, named by an operator or a CMS webhook: a REF. One grammar for `--changed`,
// `--changed-from` and `pressroom watch`:
//   /news/some-slug                          a route of the site
//   /api/post/postdetails/news/some-slug     an API path (as the crawl requests it)
//   post:5019  event:SLUG  author:NAME       a record
//   ads  categories                          a whole collection
// A webhook may send the record itself: refFromRecord() names it.
import { pressroomError } from '../errors/errors.ts';

export type Ref =
  | { kind: 'route'; path: string }
  | { kind: 'api'; path: string }
  | { kind: 'post'; id: number }
  | { kind: 'event'; slug: string }
  | { kind: 'author'; name: string }
  | { kind: 'ads' }
  | { kind: 'categories' };

/** The REF as one canonical string (what logs, reports and de-duplication use). */
export function formatRef(ref: Ref): string {
  switch (ref.kind) {
    case 'route':
    case 'api':
      return ref.path;
    case 'post':
      return `post:${ref.id}`;
    case 'event':
      return `event:${ref.slug}`;
    case 'author':
      return `author:${ref.name}`;
    case 'ads':
    case 'categories':
      return ref.kind;
  }
}

const MAX_REF_LENGTH = 2048;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Parses one REF; throws PR_USAGE naming the REF and what is wrong with it. */
export function parseRef(raw: string): Ref {
  const text = raw.trim();
  const bad = (why: string) => pressroomError('PR_USAGE', { detail: `Bad REF ${JSON.stringify(raw.slice(0, 120))}: ${why}. A REF is a route (/news/some-slug), an API path (/api/...), post:ID, event:SLUG, author:NAME, ads or categories` });
  if (text === '') throw bad('empty');
  if (text.length > MAX_REF_LENGTH) throw bad(`longer than ${MAX_REF_LENGTH} characters`);
  if (CONTROL.test(text)) throw bad('contains a control character');
  if (text === 'ads' || text === 'categories') return { kind: text };
  if (text.startsWith('/')) {
    if (text.startsWith('//')) throw bad('starts with //');
    if (text.startsWith('/api/')) return { kind: 'api', path: text };
    const q = text.search(/[?#]/);
    const path = (q === -1 ? text : text.slice(0, q)).replace(/\/+$/, '') || '/';
    return { kind: 'route', path };
  }
  const colon = text.indexOf(':');
  if (colon === -1) throw bad('unknown form');
  const kind = text.slice(0, colon);
  const value = text.slice(colon + 1);
  if (value === '') throw bad(`no value after "${kind}:"`);
  switch (kind) {
    case 'post': {
      if (!/^\d{1,15}$/.test(value)) throw bad('a post id is a positive integer');
      return { kind: 'post', id: Number(value) };
    }
    case 'event':
      return { kind: 'event', slug: value };
    case 'author':
      return { kind: 'author', name: value };
    default:
      throw bad(`unknown record kind "${kind}"`);
  }
}

/** Parses many REFs (one per line of a --changed-from file), skipping blank lines and `#` comments; unique, in first-seen order. */
export function parseRefList(lines: Iterable<string>): Ref[] {
  const seen = new Map<string, Ref>();
  for (const line of lines) {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    const ref = parseRef(t);
    seen.set(formatRef(ref), ref);
  }
  return [...seen.values()];
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The REF naming a record as the API answers it: a post (`id` + `post_name`), event (`event_slug`),
 * author (`author_name` without `post_name`), ad (`banner_id`) or category / sub-category; else undefined.
 */
export function refFromRecord(record: unknown): Ref | undefined {
  if (!isRec(record)) return undefined;
  if ('post_name' in record && Number.isInteger(record.id) && (record.id as number) > 0) return { kind: 'post', id: record.id as number };
  if (typeof record.event_slug === 'string' && record.event_slug !== '') return { kind: 'event', slug: record.event_slug };
  if ('banner_id' in record) return { kind: 'ads' };
  if (typeof record.author_name === 'string' && record.author_name !== '') return { kind: 'author', name: record.author_name };
  if ('subcat_slug' in record || 'cat_slug' in record) return { kind: 'categories' };
  return undefined;
}

/** REFs from a webhook body: a JSON list of REFs and/or records, `{"refs": [...]}`, or one record. */
export function refsFromWebhookBody(body: unknown): Ref[] {
  const items: unknown[] = Array.isArray(body) ? body : isRec(body) && Array.isArray(body.refs) ? body.refs : [body];
  if (items.length === 0) throw pressroomError('PR_USAGE', { detail: 'The webhook body names no REF' });
  const seen = new Map<string, Ref>();
  items.forEach((item, i) => {
    let ref: Ref | undefined;
    if (typeof item === 'string') ref = parseRef(item);
    else ref = refFromRecord(item);
    if (!ref) throw pressroomError('PR_USAGE', { detail: `Item ${i} of the webhook body is neither a REF string nor a post, event, author, ad or category record` });
    seen.set(formatRef(ref), ref);
  });
  return [...seen.values()];
}
