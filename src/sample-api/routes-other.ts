// GET handlers for categories, authors, events and ads, and the POST handlers
// (subscribe, contact, view count, redirect check). POSTs store whitelisted
// fields only: the real service stored whole bodies (mass assignment).

import { clampPaging, paginate } from './catalog.ts';
import type { EventItem } from '../api/types.ts';
import { listingItem } from './items.ts';
import type { Ctx, GetHandler, Reply } from './routes-posts.ts';

export type PostHandler = (ctx: Ctx, params: string[], body: Record<string, unknown>, remote: string) => Promise<Reply>;

export const EVENT_PAGE = 9;
const ok = (body: unknown, status = 200): Reply => ({ status, body });
const bad = (error: string): Reply => ({ status: 400, body: { success: false, error } });

function authorPosts(ctx: Ctx, [name, subSlug]: string[], q: URLSearchParams): Reply {
  const { page, limit } = clampPaging(q.get('page'), q.get('limit'));
  const list = (subSlug === undefined ? ctx.cat.byAuthor.get(name) : ctx.cat.byAuthorSubcat.get(name)?.get(subSlug)) ?? [];
  const pg = paginate(list, page, limit);
  return ok({ authorPosts: { postData: pg.items.map((p) => listingItem(ctx.cat.corpus, p)), pagination: pg.pagination } });
}

function authorById(ctx: Ctx, [id]: string[]): Reply {
  const author = /^\d+$/.test(id) ? ctx.cat.authorById.get(Number(id)) : undefined;
  if (!author) return { status: 404, body: { success: false, message: 'Author not found', error: 'Author not Found!' } };
  return ok({ success: true, message: 'Author fetched successfully', result: [author] }, 201);
}

type EventSel = 'all' | 'upcoming' | 'past';
const events = (sel: EventSel): GetHandler => (ctx, _p, q) => {
  const today = ctx.cat.corpus.todayMs;
  const time = (e: EventItem) => Date.parse(e.event_date);
  const all = ctx.cat.corpus.events;
  let list: EventItem[];
  if (sel === 'upcoming') list = all.filter((e) => time(e) >= today).sort((a, b) => time(a) - time(b) || a.event_id - b.event_id);
  else if (sel === 'past') list = all.filter((e) => time(e) < today).sort((a, b) => time(b) - time(a) || b.event_id - a.event_id);
  else list = [...all].sort((a, b) => time(b) - time(a) || b.event_id - a.event_id);
  const { page } = clampPaging(q.get('page'), null);
  const pg = paginate(list, page, EVENT_PAGE);
  return ok({ responseData: { eventData: pg.items, pagination: { totalPages: pg.pagination.totalPages } } });
};

function eventDetails(ctx: Ctx, [slug]: string[]): Reply {
  const e = ctx.cat.eventBySlug.get(slug);
  if (!e) return { status: 501, body: { success: false, message: 'Event not found', error: 'Event not Found!' } };
  return ok({ eventData: [e] });
}

export const OTHER_GETS: [string, GetHandler][] = [
  ['/api/category/subcatlist', (ctx) => ok(ctx.cat.corpus.subcats)],
  ['/api/category/all', (ctx) => ok(ctx.cat.corpus.categories)],
  ['/api/author/:id', authorById],
  ['/api/author/details/:name', (ctx, [name]) => ok({ author: ctx.cat.authorBySlug.has(name) ? [ctx.cat.authorBySlug.get(name)] : [] })],
  ['/api/author/posts/:name', authorPosts],
  ['/api/author/posts/:name/:sub', authorPosts],
  ['/api/event/totalevents', events('all')],
  ['/api/event/upcoming_events', events('upcoming')],
  ['/api/event/past_events', events('past')],
  ['/api/event/eventdetails/:slug', eventDetails],
  [
    '/api/advertisement/get_active',
    (ctx) =>
      ok(
        ctx.cat.corpus.ads
          .filter((a) => a.active)
          .sort((a, b) => (a.banner_type < b.banner_type ? -1 : a.banner_type > b.banner_type ? 1 : a.banner_id - b.banner_id))
          .map(({ active: _active, ...ad }) => ad),
      ),
  ],
  // Sample-API-only extension (not in the real API): the corpus's redirect records,
  // read by the build when it runs against the embedded API.
  ['/__sample/redirects', (ctx) => ok(ctx.cat.corpus.redirects)],
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const str = (v: unknown, max: number): string | null => (typeof v === 'string' && v.trim() !== '' && v.length <= max ? v.trim() : null);
const email = (v: unknown): string | null => {
  const s = str(v, 254);
  return s && EMAIL.test(s) ? s : null;
};

const subscribe: PostHandler = async (ctx, _p, body) => {
  const e = email(body.email);
  if (!e) return bad('A valid email is required');
  if (!(await ctx.store.subscribe(e))) return { status: 404, body: { success: false, error: 'This email is already subscribed' } };
  return ok({ success: true, message: 'Subscribed successfully' }, 201);
};

const contact: PostHandler = async (ctx, _p, body) => {
  const first = str(body.first_name, 100);
  const last = str(body.last_name, 100);
  const mail = email(body.email);
  const phone = str(body.phone, 25);
  const message = body.message === undefined || body.message === null ? '' : typeof body.message === 'string' && body.message.length <= 5000 ? body.message : null;
  const optIn = body.opt_in === true || body.opt_in === 'true' || body.opt_in === 1;
  const invalid = [
    !first && 'first_name', !last && 'last_name', !mail && 'email',
    (!phone || phone.length < 6) && 'phone', message === null && 'message', !optIn && 'opt_in',
  ].filter(Boolean);
  if (invalid.length) return bad(`Invalid fields: ${invalid.join(', ')}`);
  await ctx.store.contact({ first_name: first!, last_name: last!, email: mail!, phone: phone!, message: message!, opt_in: true });
  return ok({ success: true, message: 'Message received' }, 201);
};

const postCount: PostHandler = async (ctx, [id], body, remote) => {
  const post = /^\d+$/.test(id) ? ctx.cat.byId.get(Number(id)) : undefined;
  if (!post || post.status !== 'publish') return { status: 404, body: { success: false, error: 'Post not found' } };
  // The client sends the address from an IP-lookup service; without it, use the peer address.
  const ip = body.ip_addr === undefined ? remote : str(body.ip_addr, 64);
  if (!ip) return bad('ip_addr must be a short string');
  await ctx.store.view({ post_id: post.id, ip_addr: ip });
  return ok({});
};

const checkRedirect: PostHandler = async (ctx, _p, body) => {
  const url = str(body.current_url, 2048);
  if (!url) return bad('current_url is required');
  // Accept a full URL from window.location too: compare its path (and query).
  let path = url;
  try {
    if (/^https?:\/\//i.test(url)) {
      const u = new URL(url);
      path = u.pathname + u.search;
    }
  } catch {
    /* not a URL: compare as given */
  }
  const hit = ctx.cat.corpus.redirects.find((r) => r.current_url === url || r.current_url === path);
  return ok({ urlDetails: hit ? [{ current_url: hit.current_url, redirect_url: hit.redirect_url }] : false });
};

export const POSTS: [string, PostHandler][] = [
  ['/api/subscribe/add', subscribe],
  ['/api/contact/add', contact],
  ['/api/post/post_count/:id', postCount],
  ['/api/url_redirect/check_redirect', checkRedirect],
];
