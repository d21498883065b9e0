// Events, advertisements and redirects of the corpus. Small fixed-size sets,
// seeded like the posts; events straddle "today" so both the upcoming and the
// past list have several pages (page size 9).

import type { Category, EventItem, RedirectRecord } from '../api/types.ts';
import type { AdRec, PostRec } from './corpus.ts';
import { chance, int, pick, rngFor, slugify } from './prng.ts';
import { videoId } from './titles.ts';
import { CITIES, COMPANIES, EVENT_KINDS, SUBCATEGORIES } from './words.ts';

const DAY = 86_400_000;
export const EVENT_COUNT = 36;

export function buildEvents(seed: number, todayMs: number): EventItem[] {
  const events: EventItem[] = [];
  const used = new Set<string>();
  const dayStart = Math.floor(todayMs / DAY) * DAY;
  for (let i = 0; i < EVENT_COUNT; i++) {
    const r = rngFor(seed, 'event', i + 1);
    // 20 past and 16 upcoming, about two weeks apart.
    const date = dayStart + (i - 20) * 14 * DAY + int(r, 0, 6) * DAY + pick(r, [9, 10, 14]) * 3_600_000;
    const tech = pick(r, SUBCATEGORIES);
    const city = pick(r, CITIES);
    const year = new Date(date).getUTCFullYear();
    const title = city === 'Virtual' ? `${tech} Virtual ${pick(r, EVENT_KINDS)} ${year}` : `${tech} ${pick(r, EVENT_KINDS)} ${city.split(',')[0]} ${year}`;
    let slug = slugify(title);
    for (let k = 2; used.has(slug); k++) slug = `${slugify(title)}-${k}`;
    used.add(slug);
    const host = pick(r, COMPANIES);
    events.push({
      event_id: i + 1,
      event_slug: slug,
      event_title: title,
      event_banner: `/uploads/events/${slug}.jpg`,
      event_location: city,
      event_date: new Date(date).toISOString(),
      event_desc: [
        `<p>${title} brings together practitioners and leaders working on ${tech} for a day of talks, demos and hallway conversations.</p>`,
        `<h2>Agenda</h2><p>The morning keynote from ${host} is followed by case studies from banking, retail and healthcare teams.</p>`,
        `<h3>Workshops</h3><ul><li>Hands-on labs on ${tech}</li><li>Architecture clinics</li><li>Career roundtable</li></ul>`,
        `<h4>Who should attend</h4><p>Architects, engineering managers and security leads. Seats are limited.</p>`,
        `<h2>Venue</h2><p>${city === 'Virtual' ? 'Online; the joining link is sent after registration.' : `Central ${city.split(',')[0]}; details on the registration page.`}</p>`,
      ].join('\n'),
      event_link: `https://events.example/${slug}`,
      podcast_link: chance(r, 0.2) ? `https://www.youtube.com/watch?v=${videoId(r)}` : null,
      banner_show: chance(r, 0.8) ? 1 : 0,
    });
  }
  return events;
}

const SISTERS = ['enterprise-news.example', 'itsecurity-wire.example', 'fintech-daily.example', 'martech-weekly.example', 'cmo-brief.example'];

export function buildAds(): AdRec[] {
  const spec: [string, string, number | null, boolean][] = [
    ['Home-2', 'Cloud Summit early-bird tickets', 6, true],
    ['Home-2', 'Zero Trust buyer guide', 5, true],
    ['Home-2', 'Data Engineering webinar series', 8, true],
    ['Footer-3', 'Subscribe to the IT Security Wire', 4, true],
    ['Footer-3', 'Fintech Daily newsletter', null, true], // null: the client applies its 5 s default
    ['Footer-3', 'Martech Weekly awards', 7, true],
    ['Post-1', 'AI readiness whitepaper', 3, true],
    ['Post-1', 'CMO Brief podcast', 5, true],
    ['Post-1', 'Enterprise News events calendar', 6, true],
    ['Post-1', 'Expired spring campaign', 5, false],
  ];
  return spec.map(([type, name, duration, active], i) => ({
    banner_id: i + 1,
    banner_type: type,
    banner_name: name,
    banner_img: `/uploads/pixel_img/${type.toLowerCase()}-${i + 1}.png`,
    dest_url: `https://www.${SISTERS[i % SISTERS.length]}/${slugify(name)}`,
    duration_time: duration,
    active,
  }));
}

export function buildRedirects(posts: PostRec[], categories: Category[]): RedirectRecord[] {
  const firstOf = (cat: number) => posts.find((p) => p.cat === cat && p.status === 'publish');
  const news = firstOf(0);
  const pod = firstOf(3);
  const out: RedirectRecord[] = [
    { current_url: '/category/security', redirect_url: '/tag/cyber-security', status: 301 },
    { current_url: '/topic/ai', redirect_url: '/topic/news/artificial-intelligence', status: 301 },
    { current_url: '/authors/priya', redirect_url: '/author/priya-raman', status: 301 },
    { current_url: '/events/old-summit', redirect_url: '/events', status: 302 },
  ];
  if (news) out.push({ current_url: `/news/${news.id}`, redirect_url: `/${categories[0].cat_slug}/${news.name}`, status: 301 });
  if (pod) out.push({ current_url: '/latest-podcast', redirect_url: `/${categories[3].cat_slug}/${pod.name}`, status: 302 });
  return out;
}
