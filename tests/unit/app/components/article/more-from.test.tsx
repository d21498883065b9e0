// @vitest-environment jsdom
// 'More from' below the article: at most 4 latest posts without the one being
// read, and a grid whose class names the card count, so the stylesheet gives
// that count full rows at every width (no card alone on a last row).
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PostItem } from '../../../../../src/api/types.ts';
import { MORE_FROM_LIMIT, MoreFrom } from '../../../../../src/app/components/article/MoreFrom.tsx';
import { createQueryClient } from '../../../../../src/app/data/api.ts';
import { item, Providers, testConfig } from '../../pages/article/helpers.tsx';

const CURRENT = 42;
const latest = (n: number, withCurrent = false): PostItem[] => {
  const posts = Array.from({ length: n }, (_, i) => item(200 + i, `Latest ${i + 1}`));
  if (withCurrent) posts.splice(1, 0, item(CURRENT, 'The article being read'));
  return posts;
};

function render(posts: PostItem[] | undefined, loading = false): Document {
  const html = renderToString(
    <Providers client={createQueryClient()} config={testConfig()}>
      <MemoryRouter>
        <MoreFrom posts={posts} loading={loading} currentId={CURRENT} />
      </MemoryRouter>
    </Providers>,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

const grid = (doc: Document) => doc.querySelector('.more-from-grid');
const titles = (doc: Document) => [...doc.querySelectorAll('.more-from .post-card-title a')].map((a) => a.textContent);

describe('More from', () => {
  it('shows at most 4 cards, in the grid for 4', () => {
    expect(MORE_FROM_LIMIT).toBe(4);
    const doc = render(latest(6));
    expect(titles(doc)).toEqual(['Latest 1', 'Latest 2', 'Latest 3', 'Latest 4']);
    expect(grid(doc)!.className).toBe('more-from-grid more-from-cards-4');
  });

  it('leaves the article being read out and sizes the grid for what remains', () => {
    const doc = render(latest(3, true));
    expect(titles(doc)).toEqual(['Latest 1', 'Latest 2', 'Latest 3']);
    expect(grid(doc)!.className).toBe('more-from-grid more-from-cards-3');
    expect(grid(render(latest(2)))!.className).toBe('more-from-grid more-from-cards-2');
    expect(grid(render(latest(1)))!.className).toBe('more-from-grid more-from-cards-1');
  });

  it('renders nothing when no other post is left, and 4 placeholders while loading', () => {
    expect(render([item(CURRENT, 'The article being read')]).querySelector('.more-from')).toBeNull();
    const loading = render(undefined, true);
    expect(grid(loading)!.className).toBe('more-from-grid more-from-cards-4');
    expect(loading.querySelectorAll('.skeleton-card').length).toBe(4);
  });
});
