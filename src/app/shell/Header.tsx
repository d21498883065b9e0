// The fixed site header (docs/pages.md, "Shared shell"). Nothing is open in the HTML, so panels appear
// only after hydration; a click toggles a section, an outside click closes. Panel posts come from the
// mirror, prefetched when pointer or focus reaches a section button.
// Without JavaScript a CSS-only switch (a checkbox and label shown under `@media (scripting: none)`,
// opening the navigation with `:has()`) stands in for the menu button below 768 px.
import { useEffect, useRef, useState } from 'react';
import { AppLink } from '../components/AppLink.tsx';
import { useSite } from '../context.tsx';
import { useSiteUrls } from '../lib/site-urls.ts';
import { useDismiss } from '../lib/dismiss.ts';
import { prefetchMirror } from '../data/mirror-read.ts';
import { usePagePath } from '../lib/page-path.ts';
import { HeaderPanel } from './HeaderPanel.tsx';
import { sectionPath } from './navModel.ts';
import { SearchBox } from './SearchBox.tsx';
import { CachedPart } from '../lib/cached-subtree.tsx';

/** `routeSlug`: the cat_slug of the page being shown (./route-slug.ts), for the panels' "See More". */
export function Header({ routeSlug = null }: { routeSlug?: string | null }) {
  const { site, nav } = useSite();
  const { href, basePath } = useSiteUrls();
  const [open, setOpen] = useState<string | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const pathname = usePagePath();

  // A navigation closes the panel and the mobile menu.
  useEffect(() => {
    setOpen(null);
    setMenuOpen(false);
  }, [pathname]);

  // Outside click closes the open panel.
  useDismiss(ref, open !== null, () => setOpen(null));

  /** The three panel calls fire together on first pointer or focus; none read or in flight is asked again. */
  const prefetchPanels = () => {
    for (const s of nav.sections) prefetchMirror(sectionPath(s), basePath).catch(() => undefined);
  };

  return (
    <header className="site-header" ref={ref}>
      <div className="container header-inner">
        <button
          type="button"
          className="header-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => {
            // Collapsing the navigation also closes its open panel.
            if (menuOpen) setOpen(null);
            setMenuOpen(!menuOpen);
          }}
        >
          <span className="header-toggle-bar" />
          <span className="header-toggle-bar" />
          <span className="header-toggle-bar" />
        </button>
        <input type="checkbox" id="site-nav-switch" className="nav-switch" aria-label="Menu" aria-controls="site-nav" />
        {/* Not aria-hidden: HTML forbids that on a control's label. Its bars are empty, so the checkbox's aria-label alone names it. */}
        <label htmlFor="site-nav-switch" className="header-toggle header-toggle-static">
          <span className="header-toggle-bar" />
          <span className="header-toggle-bar" />
          <span className="header-toggle-bar" />
        </label>
        <AppLink to="/" className="logo" aria-label={`${site.name} home`}>
          <img src={href(site.logo)} alt={site.name} width={130} height={60} />
        </AppLink>
        {/* The same on every page as the server renders it (nothing open): the build renders it once (src/app/lib/cached-subtree.tsx). */}
        <CachedPart id="header-nav">
          <nav id="site-nav" aria-label="Main" className={menuOpen ? 'site-nav is-open' : 'site-nav'}>
            <ul className="nav-list">
              {nav.sections.map((s) => {
                const isOpen = open === s.key;
                const panelId = `header-panel-${s.key}`;
                return (
                  <li key={s.key} className={isOpen ? 'nav-item nav-section is-open' : 'nav-item nav-section'}>
                    <button
                      type="button"
                      className="nav-section-button"
                      aria-expanded={isOpen}
                      aria-controls={isOpen ? panelId : undefined}
                      onClick={() => setOpen(isOpen ? null : s.key)}
                      onPointerEnter={prefetchPanels}
                      onFocus={prefetchPanels}
                    >
                      {s.label}
                      <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                        <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
                      </svg>
                    </button>
                    {isOpen ? <HeaderPanel section={s} id={panelId} routeSlug={routeSlug} /> : null}
                  </li>
                );
              })}
              {nav.links.map((l) => (
                <li key={l.href} className="nav-item">
                  <AppLink to={l.href} className="nav-link">
                    {l.label}
                  </AppLink>
                </li>
              ))}
            </ul>
            <SearchBox onSearch={() => setMenuOpen(false)} />
          </nav>
        </CachedPart>
      </div>
    </header>
  );
}
