// Minimal header: logo and plain links. The dropdown panels (site-shell spec,
// "Shared shell") are built in the shell issue on top of this.
import { Link } from 'react-router-dom';
import { useSite } from '../context.tsx';

export function Header() {
  const { site, nav } = useSite();
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="logo" aria-label={`${site.name} home`}>
          <img src={site.logo} alt={site.name} width={130} height={60} />
        </Link>
        <nav aria-label="Main">
          <ul className="nav-links">
            {nav.links.map((l) => (
              <li key={l.href}>
                <Link to={l.href}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
