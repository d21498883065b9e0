// One accessible pager for topic, author and search lists: arrows around a window of page numbers
// (./windows.ts), current marked aria-current, arrows inactive at the ends; a change scrolls to top.
// Listings with prerendered later pages pass `hrefFor`, making the controls links
// (docs/decisions/0105-listing-page-routes.md) that a plain click, once hydrated, handles in place.
// Search results have no such routes: their controls stay buttons.
import type { ReactNode } from 'react';
import { ListingPageLink } from '../AppLink.tsx';

export interface PaginationProps {
  page: number;
  totalPages: number;
  /** Page numbers to show, from one of the window functions. */
  pages: number[];
  onChange(page: number): void;
  /** The site path of page `n` when the listing's pages are routes: the controls are then links. */
  hrefFor?(n: number): string;
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

export function Pagination({ page, totalPages, pages, onChange, hrefFor, label = 'Pagination', scrollToTop = true }: PaginationProps) {
  if (totalPages < 2 || pages.length === 0) return null;
  const go = (n: number) => {
    if (n < 1 || n > totalPages || n === page) return;
    onChange(n);
    if (scrollToTop) scrollToTopSmoothly();
  };
  /** One control: a link to page `n` (`hrefFor`) or a button; an inactive one is marked disabled and leads nowhere. */
  const control = (n: number, props: { className: string; label: string; current?: boolean; inactive?: boolean }, children: ReactNode) => {
    const current = props.current ? 'page' : undefined;
    if (!hrefFor) {
      return (
        <button type="button" className={props.className} aria-label={props.label} aria-current={current} disabled={props.inactive} onClick={() => go(n)}>
          {children}
        </button>
      );
    }
    if (props.inactive) {
      return (
        <a role="link" className={props.className} aria-label={props.label} aria-disabled="true">
          {children}
        </a>
      );
    }
    return (
      <ListingPageLink to={hrefFor(n)} className={props.className} aria-label={props.label} aria-current={current} onPlainClick={() => go(n)}>
        {children}
      </ListingPageLink>
    );
  };
  const first = page <= 1;
  const last = page >= totalPages;
  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination-list">
        <li>{control(page - 1, { className: 'pagination-arrow', label: 'Previous page', inactive: first }, <span aria-hidden="true">‹</span>)}</li>
        {pages.map((n) => (
          <li key={n}>{control(n, { className: n === page ? 'pagination-page is-current' : 'pagination-page', label: `Page ${n}`, current: n === page }, n)}</li>
        ))}
        <li>{control(page + 1, { className: 'pagination-arrow', label: 'Next page', inactive: last }, <span aria-hidden="true">›</span>)}</li>
      </ul>
      <p className="visually-hidden" aria-live="polite">{`Page ${page} of ${totalPages}`}</p>
    </nav>
  );
}
