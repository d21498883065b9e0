// The article body travels once: the page's markup holds the sanitised body, so the embedded data
// empties and marks `post_content` and the client restores it from the markup before hydrating
// (30 KB less HTML per 30 KB article; the mirror still has the whole post). Render and client both
// use this module, so they cannot drift.
import { unrebaseHtml } from './paths.ts';

/** Marks a post whose `post_content` is in the page's markup, not in the data. */
export const BODY_IN_MARKUP = 'post_content_in_markup';
/** The element whose innerHTML is the post's body (ArticleView). */
export const ARTICLE_BODY_SELECTOR = '.article-body';

const POST_DETAILS = /^\/api\/post\/postdetails\//;

type PostsBody = { result?: Array<Record<string, unknown>> };

/** The query data to embed for `apiPath`: a post-details answer without its body; anything else as it is. */
export function omitBody(apiPath: string, data: unknown): unknown {
  if (!POST_DETAILS.test(apiPath)) return data;
  const d = data as { status?: number; body?: PostsBody } | undefined;
  const post = d?.body?.result?.[0];
  if (!post || typeof post.post_content !== 'string' || post.post_content === '') return data;
  return { ...d, body: { ...d!.body, result: [{ ...post, post_content: '', [BODY_IN_MARKUP]: true }, ...d!.body!.result!.slice(1)] } };
}

/**
 * Puts each marked post's body back from the markup before hydration, with the base path taken off
 * (the markup shows it under the base path; the data holds it as the snapshot has it).
 */
export function restoreBody(queries: Array<{ state: { data?: unknown } }>, doc: Pick<Document, 'querySelector'>, basePath = ''): void {
  for (const q of queries) {
    const post = (q.state.data as { body?: PostsBody } | undefined)?.body?.result?.[0];
    if (!post || post[BODY_IN_MARKUP] !== true) continue;
    post.post_content = unrebaseHtml(basePath, doc.querySelector(ARTICLE_BODY_SELECTOR)?.innerHTML ?? '');
    delete post[BODY_IN_MARKUP];
  }
}
