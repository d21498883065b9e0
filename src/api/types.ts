// The content API's records after the crawl's shape check and normalisation (docs/api-contract.md,
// "Records"): the sample API produces them, the crawl checks them, the app reads them.

export const CATEGORY_SLUGS = [
  'news',
  'quick-bytes',
  'featured',
  'podcasts',
  'interview',
  'guest-author',
  'future-ready',
  'learning-center',
] as const;

/** A post as it appears in lists. Optional fields depend on the endpoint. */
export interface PostItem {
  id: number;
  post_title: string;
  post_name: string;
  cat_slug: string;
  post_author: string;
  post_date: string; // ISO-8601 UTC
  banner_img: string | null;
  /** home lists and aside: short plain-text excerpt */
  post_content?: string;
  /** tag lists: ~30-word plain-text excerpt */
  p_content?: string;
  cat_name?: string;
  subcat_name?: string | null;
  meta_keywords?: string | null;
  /** present on items the sample API knows the author slug for */
  author_name?: string;
}

export interface Post {
  id: number;
  post_title: string;
  post_name: string;
  post_content: string; // CMS HTML, untrusted
  post_author: string; // display name
  post_author_id: number;
  author_name: string | null; // author slug; null when the API sent an unusable one
  banner_show: number; // 1 = show
  banner_img: string | null;
  podcast_link: string | null;
  post_date: string;
  cat_name: string;
  cat_slug: string;
  subcat_name: string | null;
  subcat_slug: string | null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  reading_time: string | number | null;
  post_status?: string;
  /** Table of contents of post_content, added by the crawl's sanitiser (src/crawl/sanitise.ts). */
  toc?: TocEntry[];
}

/** One heading of sanitised CMS HTML: `id` is the heading's id attribute, `number` "1." or "1.1.". */
export interface TocEntry {
  level: 2 | 3 | 4;
  id: string;
  text: string;
  number: string;
}

export interface Pagination {
  page: number;
  limit: number;
  totalItems: number;
  totalPages: number;
}

export interface TopicResponse {
  success: true;
  posts: { postData: PostItem[]; pagination: Pagination };
}

export const TAG_KEYS = ['news', 'featured', 'quickbytes', 'podcasts', 'interview', 'futureready', 'guestauthor', 'learningcenter'] as const;
export type TagKey = (typeof TAG_KEYS)[number];
export interface TagResponse {
  success: true;
  posts: { subCatName: string } & Record<TagKey, PostItem[]>;
}

export interface SubCategory { subcat_id: number; subcat_name: string; subcat_slug: string }
export interface Category { cat_id: number; cat_name: string; cat_slug: string }

export interface PostDetailsResponse { success: true; message: string; result: Post[] }
export interface AsideResponse { success: true; message: string; result: PostItem[] }

export interface Author {
  author_id: number;
  author_name: string;
  author_display_name: string;
  author_description: string | null;
  author_photo: string | null;
}
export interface AuthorByIdResponse { success: true; message: string; result: Author[] }

export interface EventItem {
  event_id: number;
  event_slug: string;
  event_title: string;
  event_banner: string | null;
  event_location: string;
  event_date: string; // ISO-8601 UTC
  event_desc: string; // CMS HTML, untrusted
  event_link: string | null;
  podcast_link: string | null;
  banner_show: number;
  /** Table of contents of event_desc, added by the crawl's sanitiser. */
  toc?: TocEntry[];
}
/** Normalised to the current shape; older services put eventData/pagination at the top level. */
export interface EventListResponse { responseData: { eventData: EventItem[]; pagination: { totalPages: number } } }
export interface EventDetailsResponse { eventData: EventItem[] }

export type BannerType = 'Home-2' | 'Footer-3' | 'Post-1';
export interface Ad {
  banner_id: number;
  banner_type: string;
  banner_name: string;
  banner_img: string;
  dest_url: string;
  duration_time: number; // seconds, default 5
}

export interface RedirectCheckResponse { urlDetails: { current_url: string; redirect_url: string }[] | false }

/** A redirect record as the API's data holds it (sample API: listed in its corpus; real API: via config). */
export interface RedirectRecord { current_url: string; redirect_url: string; status?: number }
