// Table of contents of event_desc, from the crawl's sanitiser (ids on the headings, numbered).
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
