// `pressroom check`: does this API answer as the crawler expects? One request per kind of endpoint
// the crawl reads, and the first page of every listing it pages through (each category's topic and
// aside, a sub-category's, an author's), each body checked against src/api/schemas.ts with every
// problem listed. Every category: an API can break one listing and not another. Slugs come from
// earlier answers, as in the crawl, so the sample is real data.
import { ep } from '../api/endpoints.ts';
import { CATEGORY_SLUGS } from '../api/types.ts';
import { fieldPath, schemaFor } from '../api/schemas.ts';
import { isPressroomError } from '../errors/errors.ts';
import { createApiClient, isFinalAnswer, type ApiClient } from '../crawl/http.ts';

export interface CheckResult {
  path: string;
  ok: boolean;
  status?: number;
  ms: number;
  /** Shape problems (`field: message`) or the request's error. */
  problems: string[];
  /** A status the contract allows for this path (tag 500, postdetails 501, ...). */
  note?: string;
}

export interface CheckOptions {
  base: string;
  crawl: { timeoutMs: number; retries: number; maxResponseBytes: number };
  onResult?: (r: CheckResult) => void;
  /** Tests pass a client; by default one is made from `base` and `crawl`. */
  client?: ApiClient;
}

type Items = { cat_slug: string; post_name: string; post_title: string; author_name?: string }[];
const MAX_PROBLEMS = 5;

export async function checkApi(opts: CheckOptions): Promise<CheckResult[]> {
  const client = opts.client ?? createApiClient({ base: opts.base, ...opts.crawl, concurrency: 4 });
  const results: CheckResult[] = [];
  const get = async <T>(path: string): Promise<T | undefined> => {
    const t = performance.now();
    const r: CheckResult = { path, ok: false, ms: 0, problems: [] };
    let data: unknown;
    try {
      const res = await client.get(path);
      r.status = res.status;
      if (res.status >= 200 && res.status < 300) {
        const parsed = schemaFor(path)!.safeParse(res.body);
        if (parsed.success) data = parsed.data;
        else r.problems = parsed.error.issues.slice(0, MAX_PROBLEMS).map((i) => `${fieldPath(i.path)}: ${i.message}`);
        if (!parsed.success && parsed.error.issues.length > MAX_PROBLEMS) r.problems.push(`… ${parsed.error.issues.length - MAX_PROBLEMS} more`);
      } else if (isFinalAnswer(path, res.status)) {
        r.note = `${res.status} is one of the contract's answers here`;
      } else {
        r.problems = [`unexpected status ${res.status}`];
      }
    } catch (e) {
      r.problems = [isPressroomError(e) ? `${e.code}: ${e.message}` : String(e)];
    }
    r.ok = r.problems.length === 0;
    r.ms = Math.round(performance.now() - t);
    results.push(r);
    opts.onResult?.(r);
    return data as T | undefined;
  };

  try {
    for (const path of [ep.latestPost(), ep.leadership(), ep.featuredPanel(), ep.homeLatestNews(), ep.homePopular(), ep.homeInterview(), ep.homeQuickByte(), ep.homeArticle(), ep.homePodcast(), ep.latest(), ep.categoryAll(), ep.ads()]) {
      await get(path);
    }
    const latest = await get<Items>(ep.homeLatest());
    const subcats = await get<{ subcat_slug: string }[]>(ep.subcatList());
    // Every category's listing and aside, as the crawl reads each of them.
    for (const cat of CATEGORY_SLUGS) {
      await get(ep.topic(cat, null, 1));
      await get(ep.asideTopic(cat));
    }
    const post = latest?.[0];
    const subcat = subcats?.[0]?.subcat_slug;
    if (subcat) {
      await get(ep.topic(post?.cat_slug ?? CATEGORY_SLUGS[0], subcat, 1));
      await get(ep.tag(subcat));
    }
    if (post) {
      const details = await get<{ result: { post_author_id: number }[] }>(ep.postDetails(post.cat_slug, post.post_name));
      const authorId = details?.result[0]?.post_author_id;
      if (authorId !== undefined) await get(ep.authorById(authorId));
      if (post.author_name) {
        await get(ep.authorDetails(post.author_name));
        await get(ep.authorPosts(post.author_name, null, 1));
      }
      const term = post.post_title.split(/\s+/).find((w) => w.length > 3) ?? post.post_title;
      await get(ep.search(post.cat_slug, term.toLowerCase(), 1));
    }
    const events = await get<{ responseData: { eventData: { event_slug: string }[] } }>(ep.eventsAll(1));
    await get(ep.eventsUpcoming(1));
    await get(ep.eventsPast(1));
    const event = events?.responseData.eventData[0];
    if (event) await get(ep.eventDetails(event.event_slug));
  } finally {
    if (!opts.client) await client.close();
  }
  return results;
}
