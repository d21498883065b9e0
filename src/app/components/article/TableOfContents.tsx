// The collapsible table of contents (docs/pages.md, "Article") from post.toc, numbered 1., 1.1.; an
// entry scrolls smoothly to its heading and highlights it. Rendered open on the server and first
// client render, usable without JavaScript (plain #fragment links, scroll-margin-top).
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { TocEntry } from '../../../api/types.ts';

/** Scroll offset 130px (90px on preview), settled after 700ms (docs/pages.md, "Article"). */
export const TOC_OFFSET = 130;
export const TOC_OFFSET_PREVIEW = 90;
export const TOC_SETTLE_MS = 700;

const LIST_ID = 'article-toc-entries';

/** Page Y at which the heading sits `offset` px below the top of the viewport. */
function targetY(el: Element, offset: number): number {
  return Math.max(0, el.getBoundingClientRect().top + window.scrollY - offset);
}

export function TableOfContents({ toc, offset = TOC_OFFSET }: { toc: readonly TocEntry[] | undefined; offset?: number }) {
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState<string | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (settle.current) clearTimeout(settle.current);
  }, []);
  if (!toc || toc.length === 0) return null;

  const go = (e: MouseEvent<HTMLAnchorElement>, id: string) => {
    const el = document.getElementById(id);
    if (!el) return; // let the browser follow the fragment
    e.preventDefault();
    setActive(id);
    window.scrollTo({ top: targetY(el, offset), behavior: 'smooth' });
    // Images loading during the smooth scroll can move it: corrected after 700ms.
    if (settle.current) clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      const y = targetY(el, offset);
      if (Math.abs(window.scrollY - y) > 2) window.scrollTo({ top: y, behavior: 'smooth' });
    }, TOC_SETTLE_MS);
  };

  return (
    <nav className={`toc${open ? ' toc-open' : ''}`} aria-labelledby="article-toc-title">
      <button type="button" className="toc-toggle" aria-expanded={open} aria-controls={LIST_ID} onClick={() => setOpen((o) => !o)}>
        <span id="article-toc-title">Table of Contents</span>
        <span className="toc-chevron" aria-hidden="true" />
      </button>
      <ol id={LIST_ID} className="toc-list" hidden={!open}>
        {toc.map((t) => (
          <li key={t.id} className={`toc-item toc-level-${t.level}${active === t.id ? ' toc-active' : ''}`}>
            <a href={`#${t.id}`} aria-current={active === t.id ? 'location' : undefined} onClick={(e) => go(e, t.id)}>
              <span className="toc-number">{t.number}</span> {t.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
