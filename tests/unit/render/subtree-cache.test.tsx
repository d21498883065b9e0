// @vitest-environment node
// The renderer's copy of the parts that are the same on every page
// (src/render/subtree-cache.ts, src/app/lib/cached-subtree.tsx): a page
// rendered with the parts copied in is the page rendered whole, byte for
// byte, including when a part cannot be copied (it changes the page outside
// itself) or when the page's own content imitates a part's marker.
import { useId } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CachedPart, cachedPartMarker, SubtreeSlotContext, type SubtreeSlot } from '../../../src/app/lib/cached-subtree.tsx';
import { SubtreeCache, subtreeCacheFor } from '../../../src/render/subtree-cache.ts';
import { newRenderKept } from '../../../src/render/kept.ts';

function Search() {
  const id = useId();
  return (
    <form>
      <label htmlFor={id}>Search</label>
      <input id={id} />
    </form>
  );
}

/** A page: a header whose navigation is a part, its own content, a footer that is a part. */
function Page({ title, raw, eagerLogo = false }: { title: string; raw?: string; eagerLogo?: boolean }) {
  return (
    <>
      <header>
        <a href="/">Home</a>
        <CachedPart id="header-nav">
          <nav>
            <ul>
              <li>
                <a href="/topic/news">News</a>
              </li>
            </ul>
            <Search />
          </nav>
        </CachedPart>
      </header>
      <main>
        <h1>{title}</h1>
        {raw ? <div dangerouslySetInnerHTML={{ __html: raw }} /> : null}
        <img src={`/img/${title}.jpg`} alt="" />
      </main>
      <CachedPart id="footer">
        <footer>
          {eagerLogo ? <img src="/logo.svg" alt="Logo" /> : <img src="/logo.svg" alt="Logo" loading="lazy" />}
          <p>© Example {title.length > 100 ? 'never' : 'always'}</p>
        </footer>
      </CachedPart>
    </>
  );
}

const whole = (props: Parameters<typeof Page>[0]) => renderToString(<Page {...props} />);
const copied = (cache: SubtreeCache, props: Parameters<typeof Page>[0], renders: { n: number } = { n: 0 }) =>
  cache.render((slot: SubtreeSlot) => {
    renders.n++;
    return renderToString(
      <SubtreeSlotContext value={slot}>
        <Page {...props} />
      </SubtreeSlotContext>,
    );
  });

describe('SubtreeCache', () => {
  it('learns each part on the first page and copies it into the next pages, which equal the pages rendered whole', () => {
    const cache = new SubtreeCache();
    const first = { n: 0 };
    expect(copied(cache, { title: 'One' }, first)).toBe(whole({ title: 'One' }));
    expect(first.n).toBe(3); // the page with both markers, then once more for each part it learnt
    expect([...cache.known().keys()].sort()).toEqual(['footer', 'header-nav']);
    expect(cache.known().get('footer')).toMatch(/^<footer>.*<\/footer>$/);
    expect(cache.known().get('header-nav')).toMatch(/^<nav>.*<\/nav>$/);
    for (const title of ['Two', 'Three & <four>']) {
      const later = { n: 0 };
      expect(copied(cache, { title }, later)).toBe(whole({ title }));
      expect(later.n).toBe(1);
    }
  });

  it('renders in every page a part that changes the page outside itself (an eagerly loaded image is preloaded at the top)', () => {
    const cache = new SubtreeCache();
    expect(whole({ title: 'One', eagerLogo: true })).toContain('<link rel="preload" as="image" href="/logo.svg"/>');
    expect(copied(cache, { title: 'One', eagerLogo: true })).toBe(whole({ title: 'One', eagerLogo: true }));
    expect(cache.known().get('footer')).toBeNull();
    expect(typeof cache.known().get('header-nav')).toBe('string');
    const renders = { n: 0 };
    expect(copied(cache, { title: 'Two', eagerLogo: true }, renders)).toBe(whole({ title: 'Two', eagerLogo: true }));
    expect(renders.n).toBe(1); // known as not cacheable: not learnt again
  });

  it('renders a page whole when its own content carries a part marker, and never learns from it', () => {
    const forged = cachedPartMarker('footer');
    const cache = new SubtreeCache();
    // Learning from a page whose content has a marker: the marker is not once in the page, so the part is not kept.
    expect(copied(cache, { title: 'One', raw: forged })).toBe(whole({ title: 'One', raw: forged }));
    expect(cache.known().get('footer')).toBeNull();
    // A cache that knows the parts, then a page with a forged marker: the copy would put the footer twice.
    const learnt = new SubtreeCache();
    copied(learnt, { title: 'One' });
    for (const raw of [forged, cachedPartMarker('header-nav'), `<pressroom-cached-part data-part="footer">`]) {
      expect(copied(learnt, { title: 'Two', raw })).toBe(whole({ title: 'Two', raw }));
    }
  });

  it('keeps in a session one cache per site configuration, the last one asked for; without a session, none', () => {
    const kept = newRenderKept();
    const a = subtreeCacheFor('{"site":"a"}', kept);
    expect(subtreeCacheFor('{"site":"a"}', kept)).toBe(a);
    const b = subtreeCacheFor('{"site":"b"}', kept);
    expect(b).not.toBe(a);
    expect(subtreeCacheFor('{"site":"a"}', kept)).not.toBe(a);
    // Another session (another watcher in the process) shares nothing with this one.
    expect(subtreeCacheFor('{"site":"a"}', newRenderKept())).not.toBe(subtreeCacheFor('{"site":"a"}', kept));
    expect(subtreeCacheFor('{"site":"a"}')).not.toBe(subtreeCacheFor('{"site":"a"}'));
  });
});
