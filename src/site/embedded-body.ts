// The article body travels once. An article page's markup already holds the
// sanitised body (`.article-body`), so the hydration data embedded in the same
// page leaves it out: the post's `post_content` is emptied and marked, and the
// client puts the body back from the markup before it hydrates. On a body of
// 30 KB that is 30 KB less HTML per article; the data mirror (client-side
// navigation) still carries the whole post. Used by render (omitBody) and by the
// client start-up (restoreBody), so the two cannot drift.
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
 * Puts each marked post's body back from the page's markup (before hydration,
 * so the tree matches). The markup shows the body under the site's base path;
 * the data holds it as the snapshot has it, so the prefix comes off again.
 */
export function restoreBody(queries: Array<{ state: { data?: unknown } }>, doc: Pick<Document, 'querySelector'>, basePath = ''): void {
  for (const q of queries) {
    const post = (q.state.data as { body?: PostsBody } | undefined)?.body?.result?.[0];
    if (!post || post[BODY_IN_MARKUP] !== true) continue;
    post.post_content = unrebaseHtml(basePath, doc.querySelector(ARTICLE_BODY_SELECTOR)?.innerHTML ?? '');
    delete post[BODY_IN_MARKUP];
  }
}
