// The tag page's sections (docs/pages.md, "Tag page"): order, source, count and menu scroll offset.
// Offsets (docs/decisions/0021-open-page-behaviour-choices.md): the header is 75 px and sections have
// 24 px of padding, so 60 px for News (under the page heading), 85 px before the Home-2 ad, 90 px after
// it (its banner leaves a larger gap).
import type { PostItem, TagKey, TagResponse } from '../../../api/types.ts';

export type TagLayout = 'row' | 'lead-list' | 'grid';

export interface TagSection {
  id: string;
  title: string;
  key: TagKey;
  /** Items shown; undefined = all the API returned (up to 7). */
  count?: number;
  layout: TagLayout;
  offset: 60 | 85 | 90;
  /** Future Ready is rendered only when it has posts. */
  onlyIfPresent?: boolean;
  /** Category slug for the section's 'See all' link. */
  cat: string;
}

export const ARTICLES_SIDE_LIST = 7;

export const TAG_SECTIONS: readonly TagSection[] = [
  { id: 'tag-news', title: 'News', key: 'news', count: 3, layout: 'row', offset: 60, cat: 'news' },
  { id: 'tag-articles', title: 'Articles', key: 'featured', layout: 'lead-list', offset: 85, cat: 'featured' },
  { id: 'tag-quickbytes', title: 'Quick Bytes', key: 'quickbytes', layout: 'grid', offset: 85, cat: 'quick-bytes' },
  { id: 'tag-podcast', title: 'Podcast', key: 'podcasts', layout: 'grid', offset: 85, cat: 'podcasts' },
  { id: 'tag-hotseats', title: 'Hot Seats', key: 'interview', count: 4, layout: 'grid', offset: 90, cat: 'interview' },
  { id: 'tag-futureready', title: 'Future Ready', key: 'futureready', count: 2, layout: 'row', offset: 90, onlyIfPresent: true, cat: 'future-ready' },
  { id: 'tag-guestauthor', title: 'Guest Author', key: 'guestauthor', layout: 'grid', offset: 90, cat: 'guest-author' },
  { id: 'tag-learningcenter', title: 'Learning Center', key: 'learningcenter', count: 3, layout: 'row', offset: 90, cat: 'learning-center' },
];

/** Sections placed before the Home-2 ad slot. */
export const BEFORE_AD = 4;

export function sectionPosts(body: TagResponse | undefined, s: TagSection): PostItem[] {
  const list = body?.posts?.[s.key];
  const all = Array.isArray(list) ? list : [];
  return s.count === undefined ? all : all.slice(0, s.count);
}

/** 'Nohing is there!!!...' (spelt so) when a menu target is missing. */
export const MISSING_TARGET = 'Nohing is there!!!...';

/** Smooth-scrolls to a section, `offset` px below the fixed header; false (and an alert) when absent. */
export function scrollToSection(id: string, offset: number): boolean {
  const el = document.getElementById(id);
  if (!el) {
    window.alert(MISSING_TARGET);
    return false;
  }
  const top = el.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top, behavior: 'smooth' });
  return true;
}
