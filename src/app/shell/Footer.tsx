// The site footer (docs/pages.md, "Shared shell"), all from config (unconfigured parts left out), with
// Subscribe, the popup's only trigger. The popup module loads on first pointer, focus or click, not
// with every page: it is never server HTML, so nothing hydrates it.
import { lazy, Suspense, useRef, useState } from 'react';
import { AppLink } from '../components/AppLink.tsx';
import { useSite } from '../context.tsx';
import { useSiteUrls } from '../lib/site-urls.ts';
import { SocialIcon } from './SocialIcon.tsx';

const loadSubscribeModal = () => import('./SubscribeModal.tsx').then((m) => ({ default: m.SubscribeModal }));
const SubscribeModal = lazy(loadSubscribeModal);
/** Start loading the popup's module ahead of the click (the import is shared with the lazy component's). */
const preloadSubscribeModal = () => void loadSubscribeModal().catch(() => undefined);

export function Footer() {
  const { site, footer, contact } = useSite();
  const { href } = useSiteUrls();
  const [subscribing, setSubscribing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const closeModal = () => {
    setSubscribing(false);
    opener.current?.focus(); // focus returns to the opener
  };
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <AppLink to="/" aria-label={`${site.name} home`}>
            <img src={href(site.logoFooter)} alt={site.name} width={150} height={60} loading="lazy" />
          </AppLink>
          {site.tagline ? <p>{site.tagline}</p> : null}
          {site.taglineMarketing ? <p>{site.taglineMarketing}</p> : null}
          <button type="button" className="btn btn-subscribe" ref={opener} onClick={() => setSubscribing(true)} onPointerEnter={preloadSubscribeModal} onFocus={preloadSubscribeModal} aria-haspopup="dialog">
            Subscribe
          </button>
        </div>
        <nav aria-label="About" className="footer-col">
          <h2>About</h2>
          <ul>{footer.about.map((l) => <li key={l.href}><AppLink to={l.href}>{l.label}</AppLink></li>)}</ul>
        </nav>
        <nav aria-label="Policies" className="footer-col">
          <h2>Policies</h2>
          <ul>{footer.policies.map((l) => <li key={l.href}><AppLink to={l.href}>{l.label}</AppLink></li>)}</ul>
        </nav>
        {footer.social.length ? (
          <nav aria-label="Follow us" className="footer-col">
            <h2>Follow us</h2>
            <ul className="footer-social">
              {footer.social.map((l) => (
                <li key={l.href}>
                  <a href={href(l.href)} target="_blank" rel="noopener noreferrer" aria-label={l.label} title={l.label}>
                    <SocialIcon network={l.network} />
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {footer.publications.length ? (
          <nav aria-label="Other Publications" className="footer-col">
            <h2>Other Publications</h2>
            <ul>
              {footer.publications.map((l) => (
                <li key={l.href}>
                  <a href={href(l.href)} target="_blank" rel="noopener noreferrer">{l.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <div className="container footer-bottom">
        <p>
          © {footer.imprint} {footer.rights}
        </p>
        {contact.mediaEmail || contact.salesEmail ? (
          <p className="footer-contacts">
            {contact.mediaEmail ? (
              <>
                Media contact: <a href={`mailto:${contact.mediaEmail}`}>{contact.mediaEmail}</a>
              </>
            ) : null}
            {contact.mediaEmail && contact.salesEmail ? <span aria-hidden="true"> · </span> : null}
            {contact.salesEmail ? (
              <>
                Sales contact: <a href={`mailto:${contact.salesEmail}`}>{contact.salesEmail}</a>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      {subscribing ? (
        <Suspense fallback={null}>
          <SubscribeModal onClose={closeModal} />
        </Suspense>
      ) : null}
    </footer>
  );
}
