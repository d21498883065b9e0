// Which URLs the client's route table gives to the article page: those are the
// URLs whose direct load as the host's 404 document goes on to /404, as a
// client navigation to an unknown article does. A static segment wins over the
// article's two parameters, as in React Router's ranking.
import { describe, expect, it } from 'vitest';
import { routeKindAt } from '../../../../src/app/lib/unknown-article.ts';

describe('routeKindAt', () => {
  it.each([
    ['/news/no-such-post', 'article'],
    ['/category/security', 'article'],
    ['/events/no-such-event', 'event-detail'],
    ['/past-events/no-such-event', 'past-event-detail'],
    ['/tag/no-such-tag', 'tag'],
    ['/topic/no-such-topic', 'topic'],
    ['/author/nobody', 'author'],
    ['/search/all/x', 'search'],
    ['/preview/news/draft', 'preview'],
    ['/about', 'about'],
    ['/', 'home'],
    ['/404', 'not-found'],
    ['/no-such-page', 'not-found'],
    ['/no/such/page', 'not-found'],
  ])('%s -> %s', (path, kind) => {
    expect(routeKindAt(path)).toBe(kind);
  });
});
