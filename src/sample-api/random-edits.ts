// Seeded random edits of the sample corpus with the REFs a webhook would name: the property test of
// change-driven builds (tests/integration/changed.test.ts) and bench/publish.ts check that publishing
// only the named changes gives a full build's site. Deterministic; no wall clock.
import type { Corpus } from './corpus.ts';
import type { Mutations } from './mutate.ts';
import { int, pick, rngFor, type Rng } from './prng.ts';

export interface Edit {
  /** What was done, for a failing test's message. */
  label: string;
  /** The REFs the webhook names. */
  refs: string[];
}

type Maker = (rng: Rng, c: Corpus, m: Mutations, step: number) => Edit | undefined;

const published = (c: Corpus) => c.posts.filter((p) => p.status === 'publish');
const DAY = 86_400_000;

/** One edit of each kind the site shows; a maker returns undefined when the corpus cannot take it (nothing left to delete). */
export const POST_EDITS: Record<string, Maker> = {
  title(rng, c, m, step) {
    const p = pick(rng, published(c));
    m.editPost(p.id, { post_title: `Edited headline ${step}: ${p.title}`.slice(0, 120) });
    return { label: `title of post ${p.id}`, refs: [`post:${p.id}`] };
  },
  body(rng, c, m, step) {
    const p = pick(rng, published(c));
    m.editPost(p.id, { post_content: `<h2>Update ${step}</h2><p>Rewritten body of post ${p.id}.</p><h3>Details</h3><p>More.</p>` });
    return { label: `body of post ${p.id}`, refs: [`post:${p.id}`] };
  },
  add(rng, c, m, step) {
    const cat = pick(rng, c.categories).cat_slug;
    // Half are today's news, half back-dated into the middle of their listings.
    const back = rng() < 0.5 ? 0 : int(rng, 1, 200) * DAY;
    const id = m.addPost({ cat_slug: cat, post_title: `Breaking story number ${step}`, post_date: new Date(c.todayMs - back).toISOString() });
    return { label: `new post ${id} in ${cat}`, refs: [`post:${id}`] };
  },
  delete(rng, c, m) {
    if (published(c).length < 8) return undefined;
    const p = pick(rng, published(c));
    m.deletePost(p.id);
    return { label: `deleted post ${p.id}`, refs: [`post:${p.id}`] };
  },
  unpublish(rng, c, m) {
    if (published(c).length < 8) return undefined;
    const p = pick(rng, published(c));
    m.unpublishPost(p.id);
    return { label: `unpublished post ${p.id}`, refs: [`post:${p.id}`] };
  },
  move(rng, c, m) {
    const p = pick(rng, published(c));
    const to = pick(rng, c.categories.filter((_, i) => i !== p.cat)).cat_slug;
    m.editPost(p.id, { cat_slug: to });
    return { label: `moved post ${p.id} to ${to}`, refs: [`post:${p.id}`] };
  },
  rename(rng, c, m, step) {
    const p = pick(rng, published(c));
    m.editPost(p.id, { post_name: `renamed-${step}-${p.id}` });
    return { label: `renamed post ${p.id}`, refs: [`post:${p.id}`] };
  },
  author(rng, c, m) {
    const p = pick(rng, published(c));
    const a = pick(rng, c.authors.filter((_, i) => i !== p.author)).author_name;
    m.editPost(p.id, { author_name: a });
    return { label: `post ${p.id} now by ${a}`, refs: [`post:${p.id}`] };
  },
  date(rng, c, m) {
    const p = pick(rng, published(c));
    m.editPost(p.id, { post_date: new Date(c.todayMs - int(rng, 0, 300) * DAY).toISOString() });
    return { label: `re-dated post ${p.id}`, refs: [`post:${p.id}`] };
  },
  subcat(rng, c, m) {
    const p = pick(rng, published(c));
    const s = rng() < 0.2 ? null : pick(rng, c.subcats).subcat_slug;
    m.editPost(p.id, { subcat_slug: s, meta_keywords: rng() < 0.5 ? null : pick(rng, c.subcats).subcat_slug });
    return { label: `post ${p.id} sub-category ${s}`, refs: [`post:${p.id}`] };
  },
  keywords(rng, c, m) {
    // Only the keywords: the post joins the tag answers and sub-category listings they name, and leaves the others.
    const p = pick(rng, published(c));
    const kw = rng() < 0.2 ? null : `${pick(rng, c.subcats).subcat_name.toLowerCase()}, ${pick(rng, c.subcats).subcat_slug}`;
    m.editPost(p.id, { meta_keywords: kw });
    return { label: `post ${p.id} keywords ${kw}`, refs: [`post:${p.id}`] };
  },
};

/** Edits of the records around the posts: ads, events, the sub-category list. */
export const RECORD_EDITS: Record<string, Maker> = {
  adEdit(rng, c, m, step) {
    if (c.ads.length === 0) return undefined;
    const ad = pick(rng, c.ads);
    m.editAd(ad.banner_id, { banner_name: `Sponsor ${step}`, dest_url: `https://ads.example/${step}` });
    return { label: `ad ${ad.banner_id} edited`, refs: ['ads'] };
  },
  adRemove(rng, c, m) {
    if (c.ads.length < 3) return undefined;
    const ad = pick(rng, c.ads);
    m.removeAd(ad.banner_id);
    return { label: `ad ${ad.banner_id} removed`, refs: ['ads'] };
  },
  adAdd(rng, c, m, step) {
    const like = c.ads.length ? pick(rng, c.ads) : undefined;
    const id = m.addAd({ banner_type: like?.banner_type ?? 'Home-1', banner_name: `New sponsor ${step}`, banner_img: like?.banner_img ?? '/uploads/pixel_img/home-1-1.png', dest_url: `https://ads.example/new-${step}` });
    return { label: `ad ${id} added`, refs: ['ads'] };
  },
  eventAdd(rng, c, m, step) {
    const slug = m.addEvent({ event_title: `Tech summit ${step}`, event_date: new Date(c.todayMs + int(rng, -60, 60) * DAY).toISOString(), event_location: 'Lisbon', event_desc: '<p>Talks and demos.</p>' });
    return { label: `event ${slug} added`, refs: [`event:${slug}`] };
  },
  eventMove(rng, c, m) {
    if (c.events.length === 0) return undefined;
    const ev = pick(rng, c.events);
    // Across "today": an upcoming event becomes past and the other way round.
    const past = Date.parse(ev.event_date) < c.todayMs;
    m.editEvent(ev.event_slug, { event_date: new Date(c.todayMs + (past ? 1 : -1) * int(rng, 1, 30) * DAY).toISOString() });
    return { label: `event ${ev.event_slug} moved ${past ? 'to upcoming' : 'to past'}`, refs: [`event:${ev.event_slug}`] };
  },
  subcatAdd(rng, c, m, step) {
    const slug = m.addSubcat({ subcat_name: `Topic ${step}` });
    return { label: `sub-category ${slug} added`, refs: ['categories'] };
  },
  subcatRename(rng, c, m, step) {
    const s = pick(rng, c.subcats);
    m.editSubcat(s.subcat_slug, rng() < 0.5 ? { subcat_name: `Renamed ${step}` } : { subcat_name: `Moved ${step}`, subcat_slug: `moved-${step}` });
    return { label: `sub-category ${s.subcat_slug} renamed`, refs: ['categories'] };
  },
  subcatRemove(rng, c, m) {
    if (c.subcats.length < 4) return undefined;
    const s = pick(rng, c.subcats);
    m.removeSubcat(s.subcat_slug);
    return { label: `sub-category ${s.subcat_slug} removed`, refs: ['categories'] };
  },
};

export const ALL_EDITS: Record<string, Maker> = { ...POST_EDITS, ...RECORD_EDITS };

/** A seeded sequence: each call applies the next edit and returns it. */
export function randomEdits(seed: number, corpus: Corpus, mutate: Mutations, makers: Record<string, Maker> = ALL_EDITS): () => Edit {
  const rng = rngFor(seed, 'random-edits');
  const names = Object.keys(makers);
  let step = 0;
  return () => {
    for (;;) {
      step += 1;
      const edit = makers[pick(rng, names)](rng, corpus, mutate, step);
      if (edit) return edit;
    }
  };
}
