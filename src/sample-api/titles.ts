// Headline and body composition. Bodies are generated lazily from (seed, id)
// so a 50,000-post corpus never holds 50,000 HTML bodies in memory; the same
// post always yields the same body because each post has its own seeded stream.

import { type Rng, pick, int, chance, rngFor } from './prng.ts';
import { AMOUNTS, COMPANIES, INDUSTRIES, PEOPLE, PERCENTS, ROLES, ROUNDS } from './words.ts';

export interface TitleParts {
  company: string;
  company2: string;
  tech: string;
  industry: string;
  person: string;
}

type Template = (p: TitleParts, r: Rng) => string;

const TEMPLATES: Record<string, Template[]> = {
  news: [
    (p) => `${p.company} launches ${p.tech} platform for ${p.industry}`,
    (p, r) => `${p.company} raises ${pick(r, AMOUNTS)} ${pick(r, ROUNDS)} round to scale ${p.tech}`,
    (p) => `${p.company} partners with ${p.company2} on ${p.tech} for ${p.industry}`,
    (p, r) => `Report: ${pick(r, PERCENTS)} of ${p.industry} firms plan to increase ${p.tech} spending`,
    (p) => `${p.company} acquires ${p.company2} to expand its ${p.tech} portfolio`,
    (p) => `${p.company} names new ${p.tech} chief as ${p.industry} demand grows`,
    (p) => `Regulators question ${p.company} over ${p.tech} practices in ${p.industry}`,
  ],
  'quick-bytes': [
    (p) => `${p.company} adds ${p.tech} features to its flagship suite`,
    (p) => `${p.company} opens ${p.tech} beta to ${p.industry} customers`,
    (p, r) => `${p.company} cuts ${p.tech} pricing by ${pick(r, PERCENTS)}`,
    (p) => `${p.company2} integrates ${possessive(p.company)} ${p.tech} toolkit`,
  ],
  featured: [
    (p) => `Why ${p.tech} is reshaping ${p.industry}`,
    (p) => `The hidden cost of ${p.tech} and how to control it`,
    (p) => `How ${p.industry} leaders are rethinking ${p.tech}`,
    (p, r) => `${int(r, 4, 9)} lessons from a year of ${p.tech} in production`,
  ],
  podcasts: [(p) => `Podcast: ${p.person} on ${p.tech} and what comes next for ${p.industry}`],
  interview: [(p, r) => `In the hot seat: ${p.person}, ${pick(r, ROLES)} at ${p.company}, on ${p.tech}`],
  'guest-author': [(p) => `Guest post: what scaling ${p.tech} at ${p.company} taught us`],
  'future-ready': [(p) => `Future ready: preparing ${p.industry} for the next wave of ${p.tech}`],
  'learning-center': [(p) => `What is ${p.tech}? A practical guide for ${p.industry} teams`],
};

export function titleParts(r: Rng, tech: string): TitleParts {
  const company = pick(r, COMPANIES);
  let company2 = pick(r, COMPANIES);
  if (company2 === company) company2 = COMPANIES[(COMPANIES.indexOf(company) + 1) % COMPANIES.length];
  return { company, company2, tech, industry: pick(r, INDUSTRIES), person: pick(r, PEOPLE) };
}

export function composeTitle(r: Rng, catSlug: string, parts: TitleParts): string {
  return pick(r, TEMPLATES[catSlug] ?? TEMPLATES.news)(parts, r);
}

const SENTENCES: ((p: TitleParts) => string)[] = [
  (p) => `${p.company} says the move answers growing demand from ${p.industry} customers who want ${p.tech} without a large in-house team.`,
  (p) => `Analysts expect ${p.tech} budgets in ${p.industry} to keep rising through next year, even as overall IT spending flattens.`,
  (p) => `"Customers no longer ask whether to adopt ${p.tech}; they ask how fast they can do it safely," said ${p.person}.`,
  (p) => `The company did not disclose pricing, but said early adopters saw deployment times fall from months to weeks.`,
  (p) => `Competitors including ${p.company2} have announced similar plans, setting up a crowded market for ${p.tech} tooling.`,
  (p) => `Security teams remain cautious: most want audit trails and clear data residency before ${p.tech} touches production.`,
  (p) => `For ${p.industry}, the practical questions are integration with legacy systems, skills and measurable return.`,
  (p) => `${p.person} pointed to governance as the deciding factor, not raw performance.`,
  (p) => `Internal pilots at ${p.company} ran for six months before the general release.`,
  (p) => `The release includes connectors for common data warehouses and an API for custom workflows.`,
];

const HEADINGS = ['What was announced', 'Why it matters', 'How it works', 'What customers say', 'The competitive picture', 'What comes next', 'The risks', 'Getting started'];

function paragraph(r: Rng, p: TitleParts): string {
  const n = int(r, 2, 4);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(pick(r, SENTENCES)(p));
  return `<p>${out.join(' ')}</p>`;
}

/** CMS-like HTML: headings h2-h4, paragraphs, lists, an image, links, sometimes an iframe. */
export function composeBody(seed: number, id: number, p: TitleParts, imgDir: string): string {
  const r = rngFor(seed, 'body', id);
  const parts: string[] = [paragraph(r, p)];
  const sections = int(r, 3, 5);
  const heads = HEADINGS.slice(int(r, 0, 2));
  for (let s = 0; s < sections && s < heads.length; s++) {
    parts.push(`<h2>${heads[s]}</h2>`, paragraph(r, p));
    if (chance(r, 0.4)) parts.push(`<h3>${p.tech} in ${p.industry}</h3>`, paragraph(r, p));
    if (chance(r, 0.15)) parts.push(`<h4>A note on ${p.company2}</h4>`, paragraph(r, p));
    if (s === 1) {
      parts.push(
        `<ul><li>Faster rollout of ${p.tech} workloads</li><li>Built-in audit logging</li><li>Support for hybrid and multi-cloud estates</li></ul>`,
      );
    }
    if (s === 0) {
      parts.push(`<figure><img src="${imgDir}/inline-${id}.jpg" alt="${p.tech} illustration" width="800" height="450"><figcaption>${p.company} dashboard (company handout)</figcaption></figure>`);
    }
  }
  parts.push(`<p>Read more on the <a href="https://www.${slugHost(p.company)}.example/newsroom" target="_blank" rel="noopener">${p.company} newsroom</a> or in our <a href="/topic/news">latest news</a>.</p>`);
  if (chance(r, 0.1)) {
    parts.push(`<iframe width="560" height="315" src="https://www.youtube.com/embed/${videoId(r)}" title="Briefing" allowfullscreen></iframe>`);
  }
  return parts.join('\n');
}

function slugHost(company: string): string {
  return company.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
export function videoId(r: Rng): string {
  let s = '';
  for (let i = 0; i < 11; i++) s += ID_CHARS[Math.floor(r() * ID_CHARS.length)];
  return s;
}

/** "Nimbus Labs'" rather than "Nimbus Labs's". */
function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}
