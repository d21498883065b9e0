// Edits of ads (REF `ads`), events (`event:SLUG`) and sub-categories (`categories`), by the post
// edits' rules (mutate.ts): all input checked first, ids only move forward, answers valid under
// src/api/schemas.ts.

import type { EventItem } from '../api/types.ts';
import { escapeHtml } from '../encoding/html.ts';
import type { AdRec, Corpus } from './corpus.ts';
import { bool, checkFields, flag, intIn, isoDate, MutationError, nullable, slug, text, type Spec } from './fields.ts';
import type { Changed } from './mutate.ts';
import { slugify } from './prng.ts';

export interface AdFields {
  banner_type?: string;
  banner_name?: string;
  banner_img?: string;
  dest_url?: string;
  /** seconds on screen; null leaves the client's 5 s default */
  duration_time?: number | null;
  /** only active ads are answered by get_active */
  active?: boolean;
}
export interface NewAd extends AdFields {
  banner_type: string;
  banner_name: string;
  banner_img: string;
  dest_url: string;
}

export interface EventFields {
  event_title?: string;
  event_banner?: string | null;
  event_location?: string;
  /** ISO 8601 date or date-time with a zone; moving it across "today" moves the event between upcoming and past */
  event_date?: string;
  event_desc?: string;
  event_link?: string | null;
  podcast_link?: string | null;
  banner_show?: number;
}
export interface NewEvent extends EventFields {
  event_title: string;
  event_date: string;
  /** default: the title's slug (with -2, -3... when taken); it cannot change later */
  event_slug?: string;
}

export interface SubcatFields {
  subcat_name?: string;
  subcat_slug?: string;
}
export interface NewSubcat extends SubcatFields {
  subcat_name: string;
}

export interface RecordMutations {
  /** The new ad's banner_id. */
  addAd(fields: NewAd): number;
  editAd(bannerId: number, fields: AdFields): void;
  removeAd(bannerId: number): void;
  /** The new event's slug. */
  addEvent(fields: NewEvent): string;
  editEvent(slug: string, fields: EventFields): void;
  removeEvent(slug: string): void;
  /** The new sub-category's slug. */
  addSubcat(fields: NewSubcat): string;
  /** Rename (subcat_name) or re-slug (subcat_slug); posts of the sub-category keep it. */
  editSubcat(slug: string, fields: SubcatFields): void;
  /** Posts whose sub-category it was are left without one. */
  removeSubcat(slug: string): void;
}

export const AD_SPEC: Spec = {
  banner_type: text(50),
  banner_name: text(200),
  banner_img: text(2048),
  dest_url: text(2048),
  duration_time: nullable(intIn(1, 3600)),
  active: bool,
};

const EVENT_EDIT_SPEC: Spec = {
  event_title: text(300),
  event_banner: nullable(text(2048)),
  event_location: text(200, true),
  event_date: isoDate,
  event_desc: text(200_000, true),
  event_link: nullable(text(2048)),
  podcast_link: nullable(text(2048)),
  banner_show: flag,
};
export const EVENT_SPEC: Spec = { ...EVENT_EDIT_SPEC, event_slug: slug };

export const SUBCAT_SPEC: Spec = { subcat_name: text(200), subcat_slug: slug };

/** Slugs the site folds onto one file are one slug (src/site/slug.ts collisionKey). */
const fold = (s: string) => s.normalize('NFC').toLowerCase();
const nextAfter = (ids: number[]) => ids.reduce((m, id) => Math.max(m, id), 0) + 1;

/** Index of the record `is` picks, or a 404 naming `what` was looked for. */
export function locate<T>(list: readonly T[], is: (x: T) => boolean, what: string): number {
  const i = list.findIndex(is);
  if (i === -1) throw new MutationError(404, `no ${what}`);
  return i;
}

/** 409 when another `what` already has `wanted` as its slug. */
function ensureFree(taken: string[], field: string, wanted: string, what: string): string {
  if (taken.some((t) => fold(t) === fold(wanted))) throw new MutationError(409, `field "${field}": "${wanted}" is already the slug of another ${what}`, field);
  return wanted;
}

/** The slug of `text` ("untitled" if it has none), with -2, -3... when taken. */
function deriveSlug(taken: string[], text: string): string {
  const root = slugify(text);
  const used = new Set(taken.map(fold));
  let s = root;
  for (let k = 2; used.has(fold(s)); k++) s = `${root}-${k}`;
  return s;
}

export function recordMutations(corpus: Corpus, changed: Changed): RecordMutations {
  let nextAd = nextAfter(corpus.ads.map((a) => a.banner_id));
  let nextEvent = nextAfter(corpus.events.map((e) => e.event_id));
  let nextSubcat = nextAfter(corpus.subcats.map((s) => s.subcat_id));

  const ad = (id: number) => locate(corpus.ads, (a) => a.banner_id === id, `ad with banner_id ${id}`);
  const event = (slug: string) => locate(corpus.events, (e) => e.event_slug === slug, `event with slug ${JSON.stringify(slug)}`);
  const subcat = (slug: string) => locate(corpus.subcats, (s) => s.subcat_slug === slug, `sub-category with slug ${JSON.stringify(slug)}`);
  /** `categories`, then the posts whose own sub-category is `i` (their records show its name and slug). */
  const subcatRefs = (ids: number[]) => ['categories', ...ids.sort((a, b) => a - b).map((id) => `post:${id}`)];
  const postsOf = (i: number) => corpus.posts.filter((p) => p.subcat === i).map((p) => p.id);
  /** Checked event fields as the record stores them (the date as ISO UTC). */
  const eventFields = (f: EventFields & { event_date?: number }): Partial<EventItem> => {
    const { event_date, ...rest } = f;
    return event_date === undefined ? rest : { ...rest, event_date: new Date(event_date).toISOString() };
  };

  return {
    addAd(fields) {
      const f = checkFields<NewAd>('a new ad', fields, AD_SPEC, ['banner_type', 'banner_name', 'banner_img', 'dest_url']);
      const rec: AdRec = { banner_id: nextAd++, ...f, duration_time: f.duration_time ?? null, active: f.active ?? true };
      corpus.ads.push(rec);
      changed(['ads']);
      return rec.banner_id;
    },
    editAd(id, fields) {
      const i = ad(id);
      Object.assign(corpus.ads[i], checkFields<AdFields>(`ad ${id}`, fields, AD_SPEC, [], true));
      changed(['ads']);
    },
    removeAd(id) {
      corpus.ads.splice(ad(id), 1);
      changed(['ads']);
    },

    addEvent(fields) {
      const f = checkFields<NewEvent & { event_date: number }>('a new event', fields, EVENT_SPEC, ['event_title', 'event_date']);
      const taken = corpus.events.map((e) => e.event_slug);
      const slug = f.event_slug !== undefined ? ensureFree(taken, 'event_slug', f.event_slug, 'event') : deriveSlug(taken, f.event_title);
      const rec: EventItem = {
        event_id: nextEvent++,
        event_slug: slug,
        event_title: f.event_title,
        event_banner: `/uploads/events/${slug}.jpg`,
        event_location: 'Virtual',
        event_date: '', // required: set from the fields just below
        event_desc: `<p>${escapeHtml(f.event_title)}</p>`,
        event_link: null,
        podcast_link: null,
        banner_show: 1,
      };
      Object.assign(rec, eventFields(f), { event_slug: slug });
      corpus.events.push(rec);
      changed([`event:${slug}`]);
      return slug;
    },
    editEvent(slug, fields) {
      const i = event(slug);
      if (typeof fields === 'object' && fields !== null && 'event_slug' in fields) {
        throw new MutationError(400, `field "event_slug": an event's slug is its key (its URL and REF) and cannot change; add a new event and remove this one`, 'event_slug');
      }
      Object.assign(corpus.events[i], eventFields(checkFields(`event ${JSON.stringify(slug)}`, fields, EVENT_EDIT_SPEC, [], true)));
      changed([`event:${slug}`]);
    },
    removeEvent(slug) {
      corpus.events.splice(event(slug), 1);
      changed([`event:${slug}`]);
    },

    addSubcat(fields) {
      const f = checkFields<NewSubcat>('a new sub-category', fields, SUBCAT_SPEC, ['subcat_name']);
      const taken = corpus.subcats.map((s) => s.subcat_slug);
      const slug = f.subcat_slug !== undefined ? ensureFree(taken, 'subcat_slug', f.subcat_slug, 'sub-category') : deriveSlug(taken, f.subcat_name);
      corpus.subcats.push({ subcat_id: nextSubcat++, subcat_name: f.subcat_name, subcat_slug: slug });
      changed(['categories']);
      return slug;
    },
    editSubcat(slug, fields) {
      const i = subcat(slug);
      const f = checkFields<SubcatFields>(`sub-category ${JSON.stringify(slug)}`, fields, SUBCAT_SPEC, [], true);
      if (f.subcat_slug !== undefined && fold(f.subcat_slug) !== fold(slug)) {
        ensureFree(corpus.subcats.map((s) => s.subcat_slug), 'subcat_slug', f.subcat_slug, 'sub-category');
      }
      Object.assign(corpus.subcats[i], f);
      changed(subcatRefs(postsOf(i)));
    },
    removeSubcat(slug) {
      const i = subcat(slug);
      const lost = postsOf(i);
      corpus.subcats.splice(i, 1);
      // Posts hold an index into the list: theirs is cleared, the later ones shift down.
      for (const p of corpus.posts) if (p.subcat === i) p.subcat = -1;
      else if (p.subcat > i) p.subcat--;
      changed(subcatRefs(lost));
    },
  };
}
