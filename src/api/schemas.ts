// The shapes of the API's responses, defined once for both sides: the crawl runs every 2xx body
// through `checkShape`, the browser checks the lists it reads with `readShape` (docs/api-contract.md
// describes them). A body comes back normalised to ./types.ts or fails naming the endpoint and field
// path, so a drifting API stops the build; one bad record is quarantined (./quarantine.ts).
// zod/mini: the same checks at a few KB in the browser bundle instead of ~90 KB gzip.
// Decisions:
// - Unknown keys are dropped, so snapshots stay small and two crawls of the same data match.
// - Older answer shapes are mapped to the current one before validation (subcatlist `id`,
//   category/all as `{category, subcategory}`, events at the top level).
// - Counts and ids arrive as numbers or numeric strings and leave as integers (a null totalPages is
//   recomputed from totalItems and limit).
import * as z from 'zod/mini';
import { en } from 'zod/locales';
import { pressroomError } from '../errors/errors.ts';
import { allowedInvalid, DEFAULT_MAX_INVALID_SHARE, recordId, type QuarantineSink } from './quarantine.ts';
import { ISO_DATE_EXPECTED, isoDateMs } from '../encoding/iso-date.ts';

// zod/mini ships without messages; these are zod's own English ones, which reports quote.
z.config(en());

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `schema` after a first step that maps an older or looser form onto the one it checks. */
const before = <T extends z.ZodMiniType>(step: (v: unknown) => unknown, schema: T) => z.pipe(z.transform(step), schema);
/** A non-negative integer, also accepted as a numeric string ("12"). */
const int = before((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.int().check(z.nonnegative()));
/** `schema`, absent or null, normalised to `fallback`. */
const orElse = <T extends z.ZodMiniType, F>(schema: T, fallback: F) => z.pipe(z.optional(z.nullable(schema)), z.transform((v): z.output<T> | F => (v ?? fallback) as z.output<T> | F));
/** Optional text the CMS leaves null or absent: normalised to null. */
const optText = orElse(z.string(), null);
const str = z.string();
/** A contract date (src/encoding/iso-date.ts): a record with another is quarantined like any wrong field. */
const isoDate = z.string().check(z.refine((s) => !Number.isNaN(isoDateMs(s)), { error: `expected ${ISO_DATE_EXPECTED}` }));

/**
 * Set by checkShape while one body is parsed and reset before it returns: the parse is synchronous,
 * so no other body, build or session can see it.
 */
let active: { sink: QuarantineSink; endpoint: string; maxShare: number } | null = null;

/**
 * A list of records. Without a quarantine the first invalid record fails the parse; with one,
 * invalid records are left out and reported unless more than the allowed share is invalid.
 */
function records<T extends z.ZodMiniType>(record: T) {
  const check = z.transform((list: unknown[], ctx): z.output<T>[] => {
    const valid: z.output<T>[] = [];
    const invalid: { index: number; item: unknown; issue: z.core.$ZodIssue }[] = [];
    list.forEach((item, index) => {
      const r = record.safeParse(item);
      if (r.success) valid.push(r.data);
      else invalid.push({ index, item, issue: r.error.issues[0] });
    });
    if (invalid.length === 0) return valid;
    const q = active;
    if (!q || invalid.length > allowedInvalid(list.length, q.maxShare)) {
      const first = invalid[0];
      const share = q ? `${invalid.length} of ${list.length} records are invalid (at most ${allowedInvalid(list.length, q.maxShare)} may be left out); the first: ` : '';
      ctx.issues.push({ code: 'custom', message: `${share}${first.issue.message}`, path: [first.index, ...first.issue.path], input: first.item });
      return z.NEVER;
    }
    for (const { index, item, issue } of invalid) q.sink({ endpoint: q.endpoint, id: recordId(item, index), reason: `${fieldPath(issue.path)}: ${issue.message}` });
    return valid;
  });
  return z.pipe(z.array(z.unknown()), check);
}

export const postItemSchema = z.object({
  id: int,
  post_title: str,
  post_name: str,
  cat_slug: str,
  post_author: orElse(z.string(), ''),
  post_date: isoDate,
  banner_img: optText,
  post_content: z.optional(str),
  p_content: z.optional(str),
  cat_name: z.optional(str),
  subcat_name: z.optional(z.nullable(str)),
  meta_keywords: z.optional(z.nullable(str)),
  // null once the crawl removed an unusable author slug (the article stays, its author link goes).
  author_name: z.optional(z.nullable(str)),
});
const items = records(postItemSchema);

export const postSchema = z.object({
  id: int,
  post_title: str,
  post_name: str,
  post_content: z.pipe(z.nullable(z.string()), z.transform((v) => v ?? '')),
  post_author: orElse(z.string(), ''),
  post_author_id: int,
  author_name: str,
  banner_show: orElse(int, 0),
  banner_img: optText,
  podcast_link: optText,
  post_date: isoDate,
  cat_name: str,
  cat_slug: str,
  subcat_name: optText,
  // '' is how the CMS spells "no sub-category" in some rows.
  subcat_slug: z.pipe(optText, z.transform((v) => (v === '' ? null : v))),
  meta_title: optText,
  meta_description: optText,
  meta_keywords: optText,
  reading_time: orElse(z.union([z.string(), z.number()]), null),
  post_status: z.optional(str),
});

// totalPages = ceil(totalItems / limit); a null one is recomputed (docs/api-contract.md, "General rules").
const pagination = before(
  (v) => {
    if (!isObj(v) || v.totalPages != null) return v;
    const items = Number(v.totalItems);
    const limit = Number(v.limit);
    return Number.isInteger(items) && Number.isInteger(limit) && limit > 0 ? { ...v, totalPages: Math.ceil(items / limit) } : v;
  },
  z.object({ page: int, limit: int, totalItems: int, totalPages: int }),
);

const subCategory = before(
  (v) => (isObj(v) && v.subcat_id === undefined && v.id !== undefined ? { ...v, subcat_id: v.id } : v),
  z.object({ subcat_id: int, subcat_name: str, subcat_slug: str }),
);
const category = z.object({ cat_id: int, cat_name: str, cat_slug: str });

const author = z.object({
  author_id: int,
  author_name: str,
  author_display_name: str,
  author_description: optText,
  author_photo: optText,
});

export const eventSchema = z.object({
  event_id: int,
  event_slug: str,
  event_title: str,
  event_banner: optText,
  event_location: orElse(z.string(), ''),
  event_date: isoDate,
  event_desc: orElse(z.string(), ''),
  event_link: optText,
  podcast_link: optText,
  banner_show: orElse(int, 0),
});

const ad = z.object({
  banner_id: int,
  banner_type: str,
  banner_name: orElse(z.string(), ''),
  banner_img: str,
  dest_url: str,
  // seconds; 5 when missing (docs/api-contract.md, "Records")
  duration_time: z.pipe(z.optional(z.nullable(int)), z.transform((v) => v || 5)),
});

const ok = z.literal(true);
const tagPosts = z.object({
  subCatName: str,
  news: items,
  featured: items,
  quickbytes: items,
  podcasts: items,
  interview: items,
  futureready: items,
  guestauthor: items,
  learningcenter: items,
});

const schemas = {
  panelLatest: z.object({ newsData: items, quickByteData: items, articleData: items }),
  panelLeadership: z.object({ podcastData: items, inteviewData: items, guestPostData: items }),
  panelFeatures: z.object({ articleData: items, learningData: items, futureReadyData: items }),
  homeList: items,
  topic: z.object({ success: ok, posts: z.object({ postData: items, pagination }) }),
  tag: z.object({ success: ok, posts: tagPosts }),
  search: z.object({ success: ok, result: z.object({ category: str, postData: items, pagination }) }),
  subcatList: records(subCategory),
  // Older services answer {category, subcategory}; the documented shape is the bare category array.
  categoryAll: before((v) => (isObj(v) && Array.isArray(v.category) ? v.category : v), records(category)),
  postDetails: z.object({ success: ok, message: orElse(z.string(), ''), result: records(postSchema) }),
  aside: z.object({ success: ok, message: orElse(z.string(), ''), result: items }),
  authorById: z.object({ success: ok, message: orElse(z.string(), ''), result: records(author) }),
  authorDetails: z.object({ author: records(author) }),
  authorPosts: z.object({ authorPosts: z.object({ postData: items, pagination }) }),
  events: before(
    (v) => (isObj(v) && v.responseData === undefined && 'eventData' in v ? { responseData: { eventData: v.eventData, pagination: v.pagination } } : v),
    z.object({ responseData: z.object({ eventData: records(eventSchema), pagination: z.object({ totalPages: int }) }) }),
  ),
  eventDetails: z.object({ eventData: records(eventSchema) }),
  ads: records(ad),
} as const;

export type SchemaName = keyof typeof schemas;

// Matched against the path without its query; segments are percent-encoded, so `[^/]+` is one.
const ROUTES: readonly [RegExp, SchemaName][] = [
  [/^\/api\/post\/latestPost$/, 'panelLatest'],
  [/^\/api\/post\/leadership$/, 'panelLeadership'],
  [/^\/api\/post\/featured$/, 'panelFeatures'],
  [/^\/api\/post\/(homelatest|homelatestnews|homepopular|homeinterview|homequickbyte|homearticle|homepodcast|latest)$/, 'homeList'],
  [/^\/api\/post\/topic\/[^/]+(\/[^/]+)?$/, 'topic'],
  [/^\/api\/post\/tag\/[^/]+$/, 'tag'],
  [/^\/api\/post\/search\/[^/]+\/[^/]+$/, 'search'],
  [/^\/api\/category\/subcatlist$/, 'subcatList'],
  [/^\/api\/category\/all$/, 'categoryAll'],
  [/^\/api\/post\/(postdetails|preview-post)\/[^/]+\/[^/]+$/, 'postDetails'],
  [/^\/api\/post\/asidetopic\/[^/]+$/, 'aside'],
  [/^\/api\/author\/details\/[^/]+$/, 'authorDetails'],
  [/^\/api\/author\/posts\/[^/]+(\/[^/]+)?$/, 'authorPosts'],
  [/^\/api\/author\/\d+$/, 'authorById'],
  [/^\/api\/event\/(totalevents|upcoming_events|past_events)$/, 'events'],
  [/^\/api\/event\/eventdetails\/[^/]+$/, 'eventDetails'],
  [/^\/api\/advertisement\/get_active$/, 'ads'],
];

/** Which schema an API path is checked against, by name; undefined for paths the crawl never GETs. */
export function schemaNameFor(apiPath: string): SchemaName | undefined {
  const path = apiPath.split('?')[0];
  return ROUTES.find(([re]) => re.test(path))?.[1];
}

export function schemaFor(apiPath: string): z.ZodMiniType | undefined {
  const name = schemaNameFor(apiPath);
  return name === undefined ? undefined : schemas[name];
}

/** `posts.pagination.totalPages`, `[3].post_name`, `result[0].id` */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) out += typeof seg === 'number' ? `[${seg}]` : `${out === '' ? '' : '.'}${String(seg)}`;
  return out === '' ? '(body)' : out;
}

/**
 * The normalised body of a response, or PR_API_SHAPE naming endpoint and field. Non-2xx bodies are
 * returned as they are (docs/api-contract.md, "Answers that are not failures").
 */
export function checkShape(apiPath: string, status: number, body: unknown, quarantine?: { sink: QuarantineSink; maxShare: number }): unknown {
  if (status < 200 || status > 299) return body;
  const schema = schemaFor(apiPath);
  if (!schema) throw pressroomError('PR_INTERNAL', { detail: `no response schema for GET ${apiPath}` });
  // Records are reported only once the body is usable: a whole failure reports its problem alone.
  const found: Parameters<QuarantineSink>[0][] = [];
  active = quarantine ? { sink: (q) => void found.push(q), endpoint: apiPath, maxShare: quarantine.maxShare } : null;
  let result;
  try {
    result = schema.safeParse(body);
  } finally {
    active = null;
  }
  if (result.success) {
    for (const q of found) quarantine!.sink(q);
    return result.data;
  }
  const issue = result.error.issues[0];
  throw pressroomError('PR_API_SHAPE', { endpoint: apiPath, field: fieldPath(issue.path), detail: issue.message });
}

/**
 * The browser's check of a list it reads: the crawl's schema, the body normalised, or null when it
 * is not that shape. Bad records are left out as the build leaves them out.
 */
export function readShape<N extends SchemaName>(name: N, body: unknown, onQuarantine: QuarantineSink = () => {}, maxShare = DEFAULT_MAX_INVALID_SHARE): z.output<(typeof schemas)[N]> | null {
  active = { sink: onQuarantine, endpoint: name, maxShare };
  try {
    const result = schemas[name].safeParse(body);
    return result.success ? (result.data as z.output<(typeof schemas)[N]>) : null;
  } finally {
    active = null;
  }
}
