// One accessible pager for the topic, author and search lists: previous and
// next arrows around a window of page numbers (the window comes from
// ./windows.ts, chosen by the page). Later pages are not URLs (the topic page
// keeps its number in localStorage, search and author pages in state), so the
// controls are buttons; the current page is marked aria-current. Previous is
// inactive on page 1 and next on the last page (docs/pages.md, "Topic
// listing" and "Search results"); each change scrolls smoothly to
// the top.

export interface PaginationProps {
  page: number;
  totalPages: number;
  /** Page numbers to show, from one of the window functions. */
  pages: number[];
  onChange(page: number): void;
  /** Accessible name of the navigation landmark. */
  label?: string;
  /** Scroll to the top of the window after a change (default true). */
  scrollToTop?: boolean;
}

export function scrollToTopSmoothly(): void {
  if (typeof window === 'undefined') return;
  try {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  } catch {
    window.scrollTo(0, 0);
  }
}

export function Pagination({ page, totalPages, pages, onChange, label = 'Pagination', scrollToTop = true }: PaginationProps) {
  if (totalPages < 2 || pages.length === 0) return null;
  const go = (n: number) => {
    if (n < 1 || n > totalPages || n === page) return;
    onChange(n);
    if (scrollToTop) scrollToTopSmoothly();
  };
  const first = page <= 1;
  const last = page >= totalPages;
  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination-list">
        <li>
          <button type="button" className="pagination-arrow" aria-label="Previous page" disabled={first} onClick={() => go(page - 1)}>
            <span aria-hidden="true">‹</span>
          </button>
        </li>
        {pages.map((n) => (
          <li key={n}>
            <button
              type="button"
              className={n === page ? 'pagination-page is-current' : 'pagination-page'}
              aria-label={`Page ${n}`}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => go(n)}
            >
              {n}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className="pagination-arrow" aria-label="Next page" disabled={last} onClick={() => go(page + 1)}>
            <span aria-hidden="true">›</span>
          </button>
        </li>
      </ul>
      <p className="visually-hidden" aria-live="polite">{`Page ${page} of ${totalPages}`}</p>
    </nav>
  );
}
