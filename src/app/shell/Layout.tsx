// The shell around every page: fixed header, content 75 px below, footer. Header and footer are
// islands, so island documents keep them interactive.
import { Outlet, useLocation } from 'react-router';
import { Island } from '../islands/Island.tsx';
import { CachedPart } from '../lib/cached-subtree.tsx';
import { routeCatSlug } from './route-slug.ts';

export function Layout() {
  const routeSlug = routeCatSlug(useLocation().pathname);
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <Island name="header" props={{ routeSlug }} />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      {/* The same on every page: the build renders it once (src/app/lib/cached-subtree.tsx). */}
      <CachedPart id="footer">
        <Island name="footer" />
      </CachedPart>
    </>
  );
}
