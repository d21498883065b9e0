// /about (docs/pages.md, "Static pages"): intro and a team grid from config/site.json `about`, which is
// in this page's data only.
import { paths } from '../../../site/paths.ts';
import { usePageCopy, useSite } from '../../context.tsx';
import { usePageHead } from '../../head.tsx';
import { useSiteUrls } from '../../lib/site-urls.ts';

export default function AboutPage() {
  const { site } = useSite();
  const about = usePageCopy('about');
  const { href } = useSiteUrls();
  usePageHead({ title: `${about.title} | ${site.name}`, description: about.intro[0] ?? site.description, canonicalPath: paths.about() });
  return (
    <article className="static-page about-page container">
      <h1 className="page-title">{about.title}</h1>
      <div className="static-intro">
        {about.intro.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      {about.team.length ? (
        <section className="team" aria-labelledby="team-title">
          <h2 id="team-title">{about.teamTitle}</h2>
          <ul className="team-grid">
            {about.team.map((m) => (
              <li key={m.name} className="team-member">
                <img src={href(m.image)} alt={`Portrait of ${m.name}`} width={160} height={160} loading="lazy" decoding="async" className="team-photo" />
                <h3 className="team-name">{m.name}</h3>
                <p className="team-role">{m.role}</p>
                <p className="team-description">{m.description}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
