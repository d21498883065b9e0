// The preview's live calls: a draft (and maybe its author) is not in the mirror, so the post, aside,
// latest posts and author are all read live.
import { ep } from '../../../api/endpoints.ts';
import type { AsideResponse, Author, AuthorByIdResponse, Post, PostDetailsResponse, PostItem } from '../../../api/types.ts';
import { isOk } from '../../data/api.ts';
import { liveGet } from '../../data/live.ts';
import { liveGetWithTimeout, safeDraft } from '../../lib/cms-client.ts';

export type DraftResult = { kind: 'post'; post: Post } | { kind: 'unknown' };

/** The draft, sanitised with its TOC; 'unknown' on 501 (go to /404); other failures throw. */
export async function loadDraft(base: string, cat: string, name: string, signal?: AbortSignal): Promise<DraftResult> {
  const { status, body } = await liveGetWithTimeout<PostDetailsResponse>(base, ep.previewPost(cat, name), { signal });
  if (status === 501) return { kind: 'unknown' };
  if (!isOk(status)) throw new Error(`HTTP error! Status: ${status}`);
  const post = body?.result?.[0];
  if (!post || typeof post.post_content !== 'string') return { kind: 'unknown' };
  return { kind: 'post', post: safeDraft(post) };
}

async function okBody<T>(base: string, path: string, signal?: AbortSignal): Promise<T> {
  const { status, body } = await liveGet<T>(base, path, { signal });
  if (!isOk(status)) throw new Error(`HTTP error! Status: ${status}`);
  return body;
}

export const loadAside = async (base: string, cat: string, signal?: AbortSignal): Promise<PostItem[]> =>
  (await okBody<AsideResponse>(base, ep.asideTopic(cat), signal))?.result ?? [];

export const loadLatest = async (base: string, signal?: AbortSignal): Promise<PostItem[]> => {
  const body = await okBody<PostItem[]>(base, ep.latest(), signal);
  return Array.isArray(body) ? body : [];
};

export const loadAuthor = async (base: string, id: number, signal?: AbortSignal): Promise<Author | null> =>
  (await okBody<AuthorByIdResponse>(base, ep.authorById(id), signal))?.result?.[0] ?? null;
