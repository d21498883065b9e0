// Table of contents of event_desc (docs/pages.md, "Event detail"): built by the
// crawl's sanitiser from the h2-h4 headings (ids on the headings, `number` "1."
// for h2 and "1.1." / "1.1.1." for h3 and h4).
import type { TocEntry } from '../../../api/types.ts';

export function EventToc({ toc }: { toc: readonly TocEntry[] | undefined }) {
  if (!toc || toc.length === 0) return null;
  return (
    <nav className="event-toc" aria-labelledby="event-toc-title">
      <h2 id="event-toc-title" className="event-toc-title">Table of Contents</h2>
      <ol className="event-toc-list">
        {toc.map((t) => (
          <li key={t.id} className={`event-toc-item toc-level-${t.level}`}>
            <a href={`#${t.id}`}>
              <span className="toc-number">{t.number}</span> {t.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
