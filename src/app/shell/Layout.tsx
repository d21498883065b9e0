// The shared shell around every page: fixed header, content 75 px below the top,
// footer (docs/pages.md, "Shared shell"). The header panels, footer columns and
// subscribe popup live in their own modules.
import { Outlet } from 'react-router';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
