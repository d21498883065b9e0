// @vitest-environment jsdom
// The article preview (docs/pages.md, "Preview") in
// jsdom with real fetches to the sample API: a draft shown with 'Related
// Articles' (first 4, numbered) and the Instagram share, kept in local storage;
// hostile draft HTML sanitised before it is shown; 501 -> /404; noindex; one
// h1 while loading; the post fetch's 3000 ms timeout shown as an error.
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_HEADING } from '../../../../../src/app/App.tsx';
import type { HeadCollector } from '../../../../../src/app/head.tsx';
import { createQueryClient } from '../../../../../src/app/data/api.ts';
import PreviewPage from '../../../../../src/app/pages/preview/index.tsx';
import { PREVIEW_KEYS, readPreview, savePreviewLatest, savePreviewPost } from '../../../../../src/app/pages/preview/storage.ts';
import { startSampleApi, type SampleApi } from '../../../../../src/sample-api/index.ts';
import { mount, waitFor, type Mounted } from '../article/dom.tsx';
import { item, makePost, Providers, testConfig } from '../article/helpers.tsx';

let api: SampleApi;
let mounted: Mounted | null = null;

beforeAll(async () => {
  api = await startSampleApi({ port: 0, corpus: 'hostile' });
});
afterAll(() => api.close());
afterEach(() => {
  mounted?.unmount();
  mounted = null;
  localStorage.clear();
  api.setFaults(null);
});

function draft() {
  const p = api.corpus.posts.find((x) => x.status === 'draft')!;
  return { cat: api.corpus.categories[p.cat].cat_slug, name: p.name, title: p.title };
}

async function openPreview(cat: string, name: string, collector: HeadCollector | null = null) {
  const path = `/preview/${cat}/${name}`;
  const config = testConfig((c) => ({ ...c, api: { ...c.api, publicBase: api.url } }));
  mounted = await mount(
    <Providers client={createQueryClient()} config={config} collector={collector}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/404" element={<p id="not-found">Error 404 - Not Found</p>} />
          <Route path="/preview/:cat_slug/:post_name" element={<PreviewPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return { m: mounted, path };
}

describe('preview storage', () => {
  it('keeps the post, related and latest lists per preview URL under documented keys', () => {
    const post = makePost();
    savePreviewPost('/preview/news/a', post);
    savePreviewLatest('/preview/news/a', [item(1, 'One')]);
    expect(Object.keys(localStorage).sort()).toEqual([PREVIEW_KEYS.latest, PREVIEW_KEYS.post]);
    expect(readPreview('/preview/news/a')).toEqual({ post, related: undefined, latest: [item(1, 'One')] });
    expect(readPreview('/preview/news/b')).toEqual({ post: undefined, related: undefined, latest: undefined });
    localStorage.setItem(PREVIEW_KEYS.post, '{not json');
    expect(readPreview('/preview/news/a').post).toBeUndefined();
  });
});

describe('preview page', () => {
  it('shows a draft with Related Articles (first 4, numbered), the Instagram share, and keeps it in storage', async () => {
    const d = draft();
    const collector: HeadCollector = { head: null };
    const { m, path } = await openPreview(d.cat, d.name, collector);
    await waitFor(() => m.container.querySelector('.article-title') !== null && m.container.querySelector('.related-articles-list') !== null);
    expect(m.container.querySelector('.article-title')!.textContent).toBe(d.title);
    // A draft is never part of the static search index: nothing is marked for it.
    expect(m.container.querySelector('[data-pagefind-body], [data-pagefind-meta]')).toBeNull();
    expect(m.container.querySelector('[aria-label="Share on Instagram"]')).not.toBeNull();
    const related = [...m.container.querySelectorAll('.related-articles-list li')];
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(4);
    expect(related.map((li) => li.querySelector('.related-number')!.textContent)).toEqual(related.map((_, i) => String(i + 1)));
    expect(collector.head?.noindex).toBe(true);
    await waitFor(() => localStorage.getItem(PREVIEW_KEYS.latest) !== null && localStorage.getItem(PREVIEW_KEYS.related) !== null);
    const kept = readPreview(path);
    expect(kept.post?.post_title).toBe(d.title);
    expect(kept.related?.length).toBeGreaterThan(0);
    expect(kept.latest?.length).toBeGreaterThan(0);
  });

  it('sanitises hostile draft HTML in the browser and builds its TOC', async () => {
    const { m } = await openPreview('news', 'evil-body');
    await waitFor(() => m.container.querySelector('.article-body') !== null);
    const body = m.container.querySelector('.article-body')!.innerHTML;
    expect(body).not.toMatch(/<script|onerror|onclick|javascript:|data:|<style|evil\.example|<iframe/i);
    const numbers = [...m.container.querySelectorAll('.toc-number')].map((n) => n.textContent);
    expect(numbers).toEqual(['1.', '1.1.']);
    expect(m.container.querySelector('#toc-intro')?.tagName).toBe('H2');
  });

  it('shows the copy kept by an earlier visit while the live call runs, then the live draft', async () => {
    const d = draft();
    const path = `/preview/${d.cat}/${d.name}`;
    savePreviewPost(path, makePost({ post_title: 'Kept copy', post_content: '<h2>Kept</h2><script>alert(1)</script>' }));
    api.setFaults('latency=1500,path=/api/post/preview-post/*');
    const { m } = await openPreview(d.cat, d.name);
    await waitFor(() => m.container.querySelector('.article-title')?.textContent === 'Kept copy');
    expect(m.container.querySelector('.article-body')!.innerHTML).toBe('<h2 id="toc-kept">Kept</h2>');
    await waitFor(() => m.container.querySelector('.article-title')?.textContent === d.title);
  });

  it('goes to /404 for an unknown preview (501)', async () => {
    const { m } = await openPreview('news', 'no-such-draft');
    await waitFor(() => m.container.querySelector('#not-found') !== null);
  });

  it("shows 'Error: …' when the preview call does not answer within 3000 ms", async () => {
    api.setFaults('latency=6000,path=/api/post/preview-post/*');
    const d = draft();
    const { m } = await openPreview(d.cat, d.name);
    expect(m.container.querySelector('[aria-busy="true"]')).not.toBeNull();
    // While loading the page still has its one h1, in the shell document's words.
    expect([...m.container.querySelectorAll('h1')].map((h) => [h.textContent, h.className])).toEqual([[PREVIEW_HEADING, 'visually-hidden']]);
    await waitFor(() => m.container.querySelector('.article-error') !== null);
    expect(m.container.querySelector('.article-error')!.textContent).toBe('Error: The request timed out after 3000 ms');
  });
});
