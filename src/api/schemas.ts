// Shape checks for every GET of the content API (docs/api-contract.md,
// "Endpoints"). The crawl runs every 2xx body through `checkShape`, which either
// returns the body normalised to the types in ./types.ts or throws PR_API_SHAPE
// naming the endpoint and the exact field path, so a drifting API stops the
// build instead of publishing a broken site (docs/architecture.md, "crawl").
//
// Decisions:
// - Objects drop unknown keys (zod's default `strip`): snapshots stay small and
//   two crawls of the same data give the same bytes.
// - Where the contract accepts two shapes, a preprocess step maps the older
//   shape onto the current one before validation (subcatlist `id`, category/all
//   as `{category, subcategory}`, events at the top level).
// - Counts and ids arrive as numbers or numeric strings; they leave as integers
//   (a real service once sent a null pagination count; totals must be integers).
import { z } from 'zod';
import { pressroomError } from '../core/errors.ts';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A non-negative integer, also accepted as a numeric string ("12"). */
const int = z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number().int().nonnegative());
/** Optional text the CMS leaves null or absent: normalised to null. */
const optText = z.string().nullable().optional().transform((v) => v ?? null);
const str = z.string();

export const postItemSchema = z.object({
  id: int,
  post_title: str,
  post_name: str,
  cat_slug: str,
  post_author: z.string().nullable().optional().transform((v) => v ?? ''),
  post_date: str,
  banner_img: optText,
  post_content: str.optional(),
  p_content: str.optional(),
  cat_name: str.optional(),
  subcat_name: str.nullable().optional(),
  meta_keywords: str.nullable().optional(),
  author_name: str.optional(),
});
const items = z.array(postItemSchema);

export const postSchema = z.object({
  id: int,
  post_title: str,
  post_name: str,
  post_content: z.string().nullable().transform((v) => v ?? ''),
  post_author: z.string().nullable().optional().transform((v) => v ?? ''),
  post_author_id: int,
  author_name: str,
  banner_show: int.optional().transform((v) => v ?? 0),
  banner_img: optText,
  podcast_link: optText,
  post_date: str,
  cat_name: str,
  cat_slug: str,
  subcat_name: optText,
  // '' is how the CMS spells "no sub-category" in some rows.
  subcat_slug: optText.transform((v) => (v === '' ? null : v)),
  meta_title: optText,
  meta_description: optText,
  meta_keywords: optText,
  reading_time: z.union([z.string(), z.number()]).nullable().optional().transform((v) => v ?? null),
  post_status: str.optional(),
});

// totalPages = ceil(totalItems / limit); a null totalPages is recomputed from the
// other two rather than trusted (docs/api-contract.md, "General rules").
const pagination = z.preprocess(
  (v) => {
    if (!isObj(v) || v.totalPages != null) return v;
    const items = Number(v.totalItems);
    const limit = Number(v.limit);
    return Number.isInteger(items) && Number.isInteger(limit) && limit > 0 ? { ...v, totalPages: Math.ceil(items / limit) } : v;
  },
  z.object({ page: int, limit: int, totalItems: int, totalPages: int }),
);

const subCategory = z.preprocess(
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
  event_location: z.string().nullable().optional().transform((v) => v ?? ''),
  event_date: str,
  event_desc: z.string().nullable().optional().transform((v) => v ?? ''),
  event_link: optText,
  podcast_link: optText,
  banner_show: int.optional().transform((v) => v ?? 0),
});

const ad = z.object({
  banner_id: int,
  banner_type: str,
  banner_name: z.string().nullable().optional().transform((v) => v ?? ''),
  banner_img: str,
  dest_url: str,
  // seconds; 5 when missing (docs/api-contract.md, "Records": Ad)
  duration_time: int.nullable().optional().transform((v) => v || 5),
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
  subcatList: z.array(subCategory),
  // Older services answer {category, subcategory}; sub-categories come from
  // subcatlist, so the normalised shape is the bare category array.
  categoryAll: z.preprocess((v) => (isObj(v) && Array.isArray(v.category) ? v.category : v), z.array(category)),
  postDetails: z.object({ success: ok, message: z.string().optional().transform((v) => v ?? ''), result: z.array(postSchema) }),
  aside: z.object({ success: ok, message: z.string().optional().transform((v) => v ?? ''), result: items }),
  authorById: z.object({ success: ok, message: z.string().optional().transform((v) => v ?? ''), result: z.array(author) }),
  authorDetails: z.object({ author: z.array(author) }),
  authorPosts: z.object({ authorPosts: z.object({ postData: items, pagination }) }),
  events: z.preprocess(
    (v) => (isObj(v) && v.responseData === undefined && 'eventData' in v ? { responseData: { eventData: v.eventData, pagination: v.pagination } } : v),
    z.object({ responseData: z.object({ eventData: z.array(eventSchema), pagination: z.object({ totalPages: int }) }) }),
  ),
  eventDetails: z.object({ eventData: z.array(eventSchema) }),
  ads: z.array(ad),
} as const;

export type SchemaName = keyof typeof schemas;

// Path patterns, matched against the path without its query string. Segments
// are percent-encoded by src/api/endpoints.ts, so `[^/]+` is one segment.
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

export function schemaFor(apiPath: string): z.ZodType | undefined {
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
 * The normalised body of a response, or PR_API_SHAPE naming the endpoint and
 * field. Non-2xx bodies are returned as they are: tag 500, postdetails 501 and
 * asidetopic 500 are answers the site handles (docs/api-contract.md, "Answers that are not failures").
 */
export function checkShape(apiPath: string, status: number, body: unknown): unknown {
  if (status < 200 || status > 299) return body;
  const schema = schemaFor(apiPath);
  if (!schema) throw pressroomError('PR_INTERNAL', { detail: `no response schema for GET ${apiPath}` });
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw pressroomError('PR_API_SHAPE', { endpoint: apiPath, field: fieldPath(issue.path), detail: issue.message });
}
