// /sitemap (docs/pages.md, "Static pages"): the static pages, topics and every tag, and the configured
// side box. A failed menu fetch shows 'Error fetching menu items: {message}'.
import { PageLink as Link } from '../../components/PageLink.tsx';
import { ep } from '../../../api/endpoints.ts';
import type { SubCategory } from '../../../api/types.ts';
import { paths } from '../../../site/paths.ts';
import { checkSlug } from '../../../site/slug.ts';
import { telHref } from '../../components/forms/links.tsx';
import { usePageCopy, useSite } from '../../context.tsx';
import { useApi } from '../../data/api.ts';
import { usePageHead } from '../../head.tsx';

// The static pages load their own document, which carries their copy (src/config/page-copy.ts).
const PAGES = [
  { to: paths.home(), label: 'Home', ownDocument: false },
  { to: paths.about(), label: 'About Us', ownDocument: true },
  { to: paths.contact(), label: 'Contact Us', ownDocument: true },
  { to: paths.optOut(), label: 'Do Not Sell My Information', ownDocument: true },
  { to: paths.privacy(), label: 'Privacy Policy', ownDocument: true },
];

/** The topic pages the site map lists, in its order. */
export const SITEMAP_TOPICS = [
  { slug: 'news', label: 'News' },
  { slug: 'podcasts', label: 'Podcasts' },
  { slug: 'interview', label: 'Interview' },
  { slug: 'guest-author', label: 'Guest Author' },
  { slug: 'featured', label: 'Featured' },
  { slug: 'future-ready', label: 'Future Ready' },
  { slug: 'learning-center', label: 'Learning Center' },
] as const;

function SubcatLinks() {
  const { data, status, error, isLoading } = useApi<SubCategory[]>(ep.subcatList());
  const problem = error?.message ?? (status !== undefined && (status < 200 || status >= 300) ? `HTTP error! Status: ${status}` : null);
  if (problem) return <p className="sitemap-error" role="alert">Error fetching menu items: {problem}</p>;
  if (isLoading) return <p role="status">Loading...</p>;
  const subcats = (Array.isArray(data) ? data : []).filter((s) => checkSlug(s.subcat_slug).ok);
  return (
    <ul className="sitemap-list sitemap-columns">
      {subcats.map((s) => (
        <li key={s.subcat_id}>
          <Link to={paths.tag(s.subcat_slug)}>{s.subcat_name}</Link>
        </li>
      ))}
    </ul>
  );
}

export default function SitemapPage() {
  const { site } = useSite();
  const box = usePageCopy('sitemap-page');
  usePageHead({ title: `${box.title} | ${site.name}`, description: `Every section, topic and tag on ${site.name}.`, canonicalPath: paths.sitemapPage() });
  return (
    <article className="static-page sitemap-page container">
      <h1 className="page-title">{box.title}</h1>
      <div className="sitemap-layout">
        <div className="sitemap-main">
          <section aria-labelledby="sm-pages">
            <h2 id="sm-pages">Pages</h2>
            <ul className="sitemap-list">
              {PAGES.map((p) => (
                <li key={p.to}>
                  <Link to={p.to} reloadDocument={p.ownDocument}>
                    {p.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="sm-topics">
            <h2 id="sm-topics">Topics</h2>
            <ul className="sitemap-list">
              {SITEMAP_TOPICS.map((t) => (
                <li key={t.slug}>
                  <Link to={paths.topic(t.slug)}>{t.label}</Link>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="sm-tags">
            <h2 id="sm-tags">Tags</h2>
            <SubcatLinks />
          </section>
        </div>
        {box.availability || box.phone || box.emails.length ? (
          <aside className="sitemap-box" aria-labelledby="sm-box">
            <h2 id="sm-box">{box.boxTitle}</h2>
            {box.availability ? <p>{box.availability}</p> : null}
            {box.phone ? (
              <p>
                <a href={telHref(box.phone)}>{box.phone}</a>
              </p>
            ) : null}
            {box.emails.length ? (
              <ul className="sitemap-box-emails">
                {box.emails.map((e) => (
                  <li key={e}>
                    <a href={`mailto:${e}`}>{e}</a>
                  </li>
                ))}
              </ul>
            ) : null}
          </aside>
        ) : null}
      </div>
    </article>
  );
}
