// The not-found page, emitted as out/404.html (docs/deploying.md, "404 pages"). After hydration it
// follows a safe redirect for the requested URL (../../lib/redirect-check.ts).
import { PageLink as Link } from '../../components/PageLink.tsx';
import { usePageHead } from '../../head.tsx';
import { useSite } from '../../context.tsx';
import { useRedirectCheck } from '../../lib/redirect-check.ts';

export default function NotFoundPage() {
  const { site } = useSite();
  usePageHead({ title: `Page not found | ${site.name}`, description: 'The page you are looking for does not exist.', noindex: true, canonicalPath: '/404', status: 404 });
  useRedirectCheck();
  return (
    <section className="not-found container">
      <h1>Error 404 - Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn-primary">Go Back Home</Link>
    </section>
  );
}
