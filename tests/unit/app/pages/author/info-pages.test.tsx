// @vitest-environment jsdom
// /author and /no-posts (docs/pages.md, "Author page"): each names the situation,
// is noindex and offers a way on (home, topic listings).
import { describe, expect, it } from 'vitest';
import AuthorIndexPage from '../../../../../src/app/pages/author-index/index.tsx';
import NoPostsPage from '../../../../../src/app/pages/no-posts/index.tsx';
import { clientMount, ok, serverRender } from '../../../../helpers/app-harness.tsx';

const DATA = { '/api/advertisement/get_active': ok([]) };

describe('/author and /no-posts', () => {
  it('/author says the author was not found and links home and to the topics', () => {
    const { html, head } = serverRender(AuthorIndexPage, ['/author'], '/author', DATA);
    document.body.innerHTML = html;
    expect(document.querySelector('h1')!.textContent).toBe('Author not found');
    expect(document.querySelector('a[href="/"]')!.textContent).toBe('Go Back Home');
    expect(document.querySelector('a[href="/topic/news"]')).not.toBeNull();
    expect(head!.noindex).toBe(true);
  });

  it("/no-posts says there are no posts and offers a way back home, hydrating without mismatch", () => {
    const { html, head, state } = serverRender(NoPostsPage, ['/no-posts'], '/no-posts', DATA);
    document.body.innerHTML = html;
    expect(document.querySelector('h1')!.textContent).toBe('No Posts Available');
    expect(document.body.textContent).toContain('Sorry, there are no posts available at the moment.');
    expect(document.querySelector('a[href="/"]')!.textContent).toBe('Go Back Home');
    expect(head!.noindex).toBe(true);
    document.body.innerHTML = '';
    const m = clientMount(NoPostsPage, ['/no-posts'], '/no-posts', { html, state });
    expect(m.recoverable).toEqual([]);
    m.unmount();
  });
});
