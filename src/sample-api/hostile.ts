// The hostile corpus (`--corpus hostile`): the normal corpus plus records that attack the build (path
// traversal, reserved names, Unicode/case twins, markup, script URLs, header splitting). Only the data
// is hostile. HOSTILE_RECORDS lists each, for the security tests.
// Twins write one file or folder: one of each pair is quarantined (src/snapshot/left-out.ts), and
// --strict fails; `--corpus hostile-no-twins` leaves them out. Besides the post twins: a category
// `News` (a case twin of `news`) with one post, sub-categories `café` in NFC and in NFD, one post
// each, and two events `News` and `news`. A word as an ad's duration_time and a number as an
// event's title are wrong field types: quarantined, not fatal.

import type { Corpus, PostRec } from './corpus.ts';

export interface HostileRecord {
  kind: 'post' | 'category' | 'subcat' | 'author' | 'event' | 'ad' | 'redirect';
  /** post_name / cat_slug / subcat_slug / author_name / event_slug / banner_id / current_url */
  key: string;
  /** category of a hostile post (for the postdetails path) */
  cat?: string;
  attack: string;
  /** one of the case or NFC/NFD twins, left out by `hostile: { twins: false }` */
  twin?: true;
}

export interface HostileOptions {
  /** include the case and NFC/NFD twin posts (default true) */
  twins?: boolean;
}

const NFC_SLUG = 'caf\u00e9-review';
const NFD_SLUG = 'cafe\u0301-review';
const TWINS: ReadonlySet<string> = new Set([NFC_SLUG, NFD_SLUG, 'Case-Twin', 'case-twin']);
/** The case twin of the category `news`, its one post, the NFC/NFD twin sub-categories and the case twin events. */
const TWIN_CATEGORY = 'News';
const TWIN_CATEGORY_POST = 'hostile-category-post-1';
const NFC_SUBCAT = 'caf\u00e9';
const NFD_SUBCAT = 'cafe\u0301';
const TWIN_EVENTS = ['News', 'news'] as const;

/** Hostile posts: [post_name, title, attack, body?]. Each goes into the news category unless noted. */
const POSTS: [string, string, string, string?][] = [
  ['..', 'Dot dot', 'slug ".." (traversal)'],
  ['../../etc/passwd', 'Traversal slug', 'slug with ../ and /'],
  ['a/b', 'Slash slug', 'slug with a path separator'],
  ['a%2Fb', 'Encoded slash slug', 'slug with %2F'],
  ['nul\u0000byte', 'NUL slug', 'slug with NUL'],
  ['bell\u0007char', 'Control slug', 'slug with a control character'],
  ['CON', 'Reserved name', 'Windows reserved name'],
  ['com1', 'Reserved name lower', 'Windows reserved name (lowercase)'],
  [NFC_SLUG, 'Café review (NFC)', 'NFC twin of the NFD slug'],
  [NFD_SLUG, 'Café review (NFD)', 'NFD twin of the NFC slug'],
  ['Case-Twin', 'Case twin upper', 'case twin of case-twin'],
  ['case-twin', 'Case twin lower', 'case twin of Case-Twin'],
  ['x'.repeat(300), 'Very long slug', '300-byte slug'],
  ['script-title', '</script><script>alert("title")</script>', 'title closing a script element'],
  ['img-onerror', '<img src=x onerror=alert(1)> Breaking', 'title with an onerror image'],
  ['line-separator', 'Line\u2028separator\u2029title', 'U+2028/U+2029 in the title'],
  [
    'evil-body',
    'A normal-looking headline',
    'body with script, handlers, javascript: and data: URLs, foreign iframe',
    [
      '<h2>Intro</h2><p>Hello<script>alert("body")</script></p>',
      '<p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">click</a> <a href="JaVaScRiPt:alert(4)">mixed case</a></p>',
      '<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg==">data link</a><img src="data:image/svg+xml,<svg onload=alert(6)>"></p>',
      '<iframe src="https://evil.example/embed"></iframe><iframe src="https://www.youtube.com.evil.example/embed/x"></iframe>',
      '<h3 onclick="alert(7)">Heading</h3><style>body{display:none}</style><p style="position:fixed">text</p>',
      '<p>end</p></div></article></body><!--',
    ].join('\n'),
  ],
  ['missing-fields', 'Post without optional fields', 'null banner_img, subcat, keywords, podcast, reading_time', '<p>Only text.</p>'],
  ['by-evil-author', 'Post by a hostile author', 'author slug "evil/author" on an otherwise harmless post'],
];

/**
 * Posts by `evil/author`. Only one has a harmless slug, so the author's handling is seen apart (a
 * post with a rejected author slug is dropped, and the U+2028 title must still reach a page).
 */
const BY_EVIL_AUTHOR: ReadonlySet<string> = new Set(['..', 'a%2Fb', 'CON', NFD_SLUG, 'x'.repeat(300), 'by-evil-author']);

export const HOSTILE_RECORDS: readonly HostileRecord[] = [
  ...POSTS.map(([key, , attack]) => ({ kind: 'post' as const, key, cat: 'news', attack, ...(TWINS.has(key) ? { twin: true as const } : {}) })),
  { kind: 'category', key: TWIN_CATEGORY, attack: 'case twin of the category news, with one post', twin: true },
  { kind: 'post', key: TWIN_CATEGORY_POST, cat: TWIN_CATEGORY, attack: 'post in the case twin category News', twin: true },
  { kind: 'subcat', key: NFC_SUBCAT, attack: 'NFC twin of the NFD sub-category slug', twin: true },
  { kind: 'subcat', key: NFD_SUBCAT, attack: 'NFD twin of the NFC sub-category slug', twin: true },
  { kind: 'post', key: 'cafe-nfc-post', cat: 'news', attack: 'post in the NFC sub-category café', twin: true },
  { kind: 'post', key: 'cafe-nfd-post', cat: 'news', attack: 'post in the NFD sub-category café', twin: true },
  ...TWIN_EVENTS.map((key) => ({ kind: 'event' as const, key, attack: `case twin event slug ${key}`, twin: true as const })),
  { kind: 'subcat', key: '../admin', attack: 'sub-category slug with traversal' },
  { kind: 'subcat', key: 'empty-topic', attack: 'sub-category with no posts (empty lists)' },
  { kind: 'author', key: 'evil/author', attack: 'author slug with a separator, markup in the name, no photo or bio' },
  { kind: 'author', key: 'no-posts-author', attack: 'author with no posts (empty list)' },
  { kind: 'event', key: '..%2F..%2Fevent', attack: 'event slug with encoded traversal, script in the title, null banner and link' },
  { kind: 'event', key: 'event\nnewline', attack: 'event slug with a newline' },
  { kind: 'ad', key: '101', attack: 'dest_url javascript:' },
  { kind: 'ad', key: '102', attack: 'dest_url data:, banner_name with markup' },
  { kind: 'ad', key: '103', attack: 'duration_time is a string, not a number (wrong field type)' },
  { kind: 'event', key: 'numeric-title-event', attack: 'event_title is a number (wrong field type in a list item)' },
  { kind: 'redirect', key: '/hostile/newline', attack: 'redirect_url with CR/LF (header or file splitting)' },
  { kind: 'redirect', key: '/hostile/protocol-relative', attack: 'redirect_url //evil.example (leaves the site)' },
  { kind: 'redirect', key: '/hostile/javascript', attack: 'redirect_url javascript:' },
  { kind: 'redirect', key: '/hostile/absolute', attack: 'redirect_url to a foreign https host' },
];

/** The hostile records a corpus built with `options` holds. */
export function hostileRecords(options: HostileOptions = {}): HostileRecord[] {
  return HOSTILE_RECORDS.filter((r) => options.twins !== false || !r.twin);
}

export function addHostileRecords(c: Corpus, options: HostileOptions = {}): void {
  const base = c.posts[0];
  let id = c.posts.length + 1000; // clear gap so hostile ids are easy to spot
  const evilAuthor = c.authors.length;
  c.authors.push(
    { author_id: evilAuthor + 1, author_name: 'evil/author', author_display_name: '<script>alert("author")</script>', author_description: null, author_photo: null },
    { author_id: evilAuthor + 2, author_name: 'no-posts-author', author_display_name: 'Nobody Yet', author_description: 'Has written nothing.', author_photo: null },
  );
  const evilSub = c.subcats.length;
  c.subcats.push(
    { subcat_id: evilSub + 1, subcat_name: 'Admin <b>panel</b>', subcat_slug: '../admin' },
    { subcat_id: evilSub + 2, subcat_name: 'Empty Topic', subcat_slug: 'empty-topic' },
  );
  POSTS.forEach(([name, title, , body], i) => {
    // skipped in place so every other record keeps its id, sub-category and author
    if (options.twins === false && TWINS.has(name)) {
      ++id;
      return;
    }
    const missing = name === 'missing-fields';
    const rec: PostRec = {
      ...base,
      id: ++id,
      name,
      title,
      cat: 0,
      subcat: missing ? -1 : i === 1 ? evilSub : base.subcat,
      author: BY_EVIL_AUTHOR.has(name) ? evilAuthor : base.author,
      date: c.todayMs - (i + 3) * 86_400_000, // recent, so they show on first pages
      keywords: missing ? null : `${title}, ../admin`,
      banner: missing ? null : `/uploads/2025/01/${encodeURIComponent(name)}.jpg`,
      podcast: name === 'evil-body' ? 'javascript:alert(8)' : null,
      status: 'publish',
      content: body ?? `<p>${title}</p>`,
      readingTime: missing ? null : undefined,
    };
    c.posts.push(rec);
  });
  const ev = c.events[0];
  c.events.push(
    { ...ev, event_id: 1001, event_slug: '..%2F..%2Fevent', event_title: '</script><img src=x onerror=alert(9)>', event_banner: null, event_link: null, podcast_link: null, event_desc: '<p onmouseover="alert(10)">x</p><a href="javascript:alert(11)">y</a>' },
    { ...ev, event_id: 1002, event_slug: 'event\nnewline', event_title: 'Newline\u2028event', event_link: 'javascript:alert(12)' },
    { ...ev, event_id: 1003, event_slug: 'numeric-title-event', event_title: 20260115 as unknown as string },
  );
  if (options.twins !== false) addTwins(c, base, id, ev);
  c.ads.push(
    { banner_id: 101, banner_type: 'Home-2', banner_name: 'Script ad', banner_img: '/uploads/pixel_img/evil-1.png', dest_url: 'javascript:alert(13)', duration_time: 5, active: true },
    { banner_id: 102, banner_type: 'Post-1', banner_name: '"><script>alert(14)</script>', banner_img: '/uploads/pixel_img/evil-2.png', dest_url: 'data:text/html,<script>alert(15)</script>', duration_time: null, active: true },
    { banner_id: 103, banner_type: 'Home-1', banner_name: 'Wordy duration', banner_img: '/uploads/pixel_img/evil-3.png', dest_url: 'https://ads.example/wordy', duration_time: 'ten seconds' as unknown as number, active: true },
  );
  c.redirects.push(
    { current_url: '/hostile/newline', redirect_url: '/ok\r\nSet-Cookie: pwned=1\n/evil 301', status: 301 },
    { current_url: '/hostile/protocol-relative', redirect_url: '//evil.example/phish', status: 301 },
    { current_url: '/hostile/javascript', redirect_url: 'javascript:alert(16)', status: 302 },
    { current_url: '/hostile/absolute', redirect_url: 'https://evil.example/', status: 301 },
  );
}

/**
 * The twins beyond the posts: category `News` beside `news` (its post the newest, so the home page
 * lists it), sub-categories `café` in NFC and NFD with a post each, events `News` and `news`.
 * Appended after every other hostile record, so those keep their ids.
 */
function addTwins(c: Corpus, base: PostRec, lastId: number, ev: Corpus['events'][number]): void {
  const cat = c.categories.length;
  c.categories.push({ cat_id: cat + 1, cat_name: 'News (case twin)', cat_slug: TWIN_CATEGORY });
  const sub = c.subcats.length;
  c.subcats.push({ subcat_id: sub + 1, subcat_name: 'Café (NFC)', subcat_slug: NFC_SUBCAT }, { subcat_id: sub + 2, subcat_name: 'Café (NFD)', subcat_slug: NFD_SUBCAT });
  const news = c.categories.findIndex((k) => k.cat_slug === 'news');
  const post = (id: number, name: string, title: string, catAt: number, subcat: number, daysAgo: number): PostRec => ({
    ...base,
    id,
    name,
    title,
    cat: catAt,
    subcat,
    author: base.author,
    date: c.todayMs - daysAgo * 86_400_000,
    keywords: null,
    banner: null,
    podcast: null,
    status: 'publish',
    content: `<p>${title}</p>`,
  });
  c.posts.push(
    post(lastId + 1, TWIN_CATEGORY_POST, 'Post in the case twin category', cat, -1, 1),
    post(lastId + 2, 'cafe-nfc-post', 'Post in café (NFC)', news, sub, 2),
    post(lastId + 3, 'cafe-nfd-post', 'Post in café (NFD)', news, sub + 1, 2),
  );
  c.events.push(...TWIN_EVENTS.map((slug, i) => ({ ...ev, event_id: 1004 + i, event_slug: slug, event_title: `Case twin event ${slug}` })));
}
