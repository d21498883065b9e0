// Minimal footer: columns from config. Completed (Subscribe popup, social
// icons) in the shell issue.
import { Link } from 'react-router-dom';
import { useSite } from '../context.tsx';

export function Footer() {
  const { site, footer, contact } = useSite();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <img src={site.logoFooter} alt={site.name} width={150} height={60} />
          <p>{site.tagline}</p>
        </div>
        <nav aria-label="About">
          <h2>About</h2>
          <ul>{footer.about.map((l) => <li key={l.href}><Link to={l.href}>{l.label}</Link></li>)}</ul>
        </nav>
        <nav aria-label="Policies">
          <h2>Policies</h2>
          <ul>{footer.policies.map((l) => <li key={l.href}><Link to={l.href}>{l.label}</Link></li>)}</ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>
          {footer.imprint} {footer.rights}
        </p>
        <p>
          <a href={`mailto:${contact.mediaEmail}`}>{contact.mediaEmail}</a> · <a href={`mailto:${contact.salesEmail}`}>{contact.salesEmail}</a>
        </p>
      </div>
    </footer>
  );
}
