// What the preview keeps in local storage (key names: docs/decisions/0021-open-page-behaviour-choices.md):
//   preview:post     {path, savedAt, post}  the draft as shown (sanitised)
//   preview:related  {path, savedAt, items} 'Related Articles' / 'Related Content'
//   preview:latest   {path, savedAt, items} 'More from' the site
// A revisit of the same preview shows the kept copy (sanitised again: storage is untrusted) while the
// live call runs. Storage may be full or disabled: failures are ignored.
import type { Post, PostItem } from '../../../api/types.ts';

export const PREVIEW_KEYS = { post: 'preview:post', related: 'preview:related', latest: 'preview:latest' } as const;

interface Kept<T> {
  path: string;
  savedAt: string;
  value: T;
}

function write<T>(key: string, path: string, value: T): void {
  try {
    const kept: Kept<T> = { path, savedAt: new Date().toISOString(), value };
    window.localStorage.setItem(key, JSON.stringify(kept));
  } catch {
    /* storage full or disabled: the page works without it */
  }
}

function read<T>(key: string, path: string, check: (v: unknown) => v is T): T | undefined {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return undefined;
    const kept = JSON.parse(raw) as Partial<Kept<unknown>>;
    return kept && kept.path === path && check(kept.value) ? kept.value : undefined;
  } catch {
    return undefined;
  }
}

const isPost = (v: unknown): v is Post =>
  !!v && typeof v === 'object' && typeof (v as Post).id === 'number' && typeof (v as Post).post_title === 'string' && typeof (v as Post).post_content === 'string';
const isItems = (v: unknown): v is PostItem[] =>
  Array.isArray(v) && v.every((p) => !!p && typeof p === 'object' && typeof p.id === 'number' && typeof p.post_title === 'string' && typeof p.post_name === 'string' && typeof p.cat_slug === 'string');

export const savePreviewPost = (path: string, post: Post) => write(PREVIEW_KEYS.post, path, post);
export const savePreviewRelated = (path: string, items: PostItem[]) => write(PREVIEW_KEYS.related, path, items);
export const savePreviewLatest = (path: string, items: PostItem[]) => write(PREVIEW_KEYS.latest, path, items);

export interface KeptPreview {
  post?: Post;
  related?: PostItem[];
  latest?: PostItem[];
}

/** The copies kept for this preview URL (each absent when missing, malformed or for another URL). */
export function readPreview(path: string): KeptPreview {
  return {
    post: read(PREVIEW_KEYS.post, path, isPost),
    related: read(PREVIEW_KEYS.related, path, isItems),
    latest: read(PREVIEW_KEYS.latest, path, isItems),
  };
}
