// /privacy-policy (docs/pages.md, "Static pages"): the legal text from config `privacy`, whose {tokens}
// name the links (opt-out form, helpline, privacy e-mail), so operators can reword and keep them.
import type { ReactNode } from 'react';
import { PageLink as Link } from '../../components/PageLink.tsx';
import { paths } from '../../../site/paths.ts';
import { usePageCopy, useSite } from '../../context.tsx';
import { usePageHead } from '../../head.tsx';
import { formatLongDate, isoDate } from '../../lib/format.ts';
import { fillTokens, telHref } from '../../components/forms/links.tsx';

export default function PrivacyPolicyPage() {
  const { site, contact } = useSite();
  const privacy = usePageCopy('privacy-policy');
  usePageHead({ title: `${privacy.title} | ${site.name}`, description: `How ${site.name} collects, uses and protects personal information, and how to exercise your privacy rights.`, canonicalPath: paths.privacy() });
  // {helpline} and {privacyEmail} need their contact detail; the configuration refuses a paragraph that uses a missing one.
  const tokens: Record<string, ReactNode> = {
    siteName: site.name,
    // Static pages: each loads its own document, which carries its copy (src/config/page-copy.ts).
    optOutLink: <Link to={paths.optOut()} reloadDocument>Do Not Sell My Information form</Link>,
    contactLink: <Link to={paths.contact()} reloadDocument>contact page</Link>,
    ...(contact.helpline ? { helpline: <a href={telHref(contact.helpline)}>{contact.helpline}</a> } : {}),
    ...(contact.privacyEmail ? { privacyEmail: <a href={`mailto:${contact.privacyEmail}`}>{contact.privacyEmail}</a> } : {}),
  };
  return (
    <article className="static-page legal-page container">
      <h1 className="page-title">{privacy.title}</h1>
      {privacy.updated ? (
        <p className="legal-updated">
          Last updated: <time dateTime={isoDate(privacy.updated)}>{formatLongDate(privacy.updated)}</time>
        </p>
      ) : null}
      {privacy.sections.map((s) => (
        <section key={s.heading} className="legal-section">
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p, i) => (
            <p key={i}>{fillTokens(p, tokens)}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
