// The catalogue of page kinds (their URL patterns: ./patterns.ts). Order matters only for the router's ranking on
// the client (it ranks by specificity anyway) and for stable output.
import type { PageKind } from '../types.ts';
import { article } from './article.ts';
import { author } from './author.ts';
import { eventDetail, events, pastEventDetail, pastEvents } from './events.ts';
import { home } from './home.ts';
import { about, authorIndex, contact, noPosts, notFound, optOutForm, preview, privacyPolicy, search, sitemapPage } from './static.ts';
import { tag } from './tag.ts';
import { topic } from './topic.ts';

export const PAGE_KINDS: readonly PageKind[] = [
  home,
  topic,
  tag,
  article,
  author,
  authorIndex,
  noPosts,
  events,
  pastEvents,
  eventDetail,
  pastEventDetail,
  about,
  privacyPolicy,
  optOutForm,
  contact,
  sitemapPage,
  search,
  preview,
  notFound,
];

export { SHELLS } from './static.ts';
