// /contact-us (docs/pages.md, "Static pages"): offices, e-mail links, helpline and the message form
// posting to {publicBase}/api/contact/add; unconfigured lines are left out.
import { ep } from '../../../api/endpoints.ts';
import { paths } from '../../../site/paths.ts';
import { MessageForm } from '../../components/forms/MessageForm.tsx';
import { usePageCopy, useSite } from '../../context.tsx';
import { usePageHead } from '../../head.tsx';
import { telHref } from '../../components/forms/links.tsx';

export default function ContactPage() {
  const { site, contact } = useSite();
  const copy = usePageCopy('contact');
  usePageHead({ title: `${copy.title} | ${site.name}`, description: copy.intro, canonicalPath: paths.contact() });
  return (
    <article className="static-page contact-page container">
      <h1 className="page-title">{copy.title}</h1>
      <p className="static-lead">{copy.intro}</p>
      {contact.offices.length ? (
        <section className="contact-offices" aria-labelledby="offices-title">
          <h2 id="offices-title">Our Offices</h2>
          <ul className="office-grid">
            {contact.offices.map((o) => (
              <li key={o.country} className="office">
                <h3 className="office-country">{o.country}</h3>
                <address>
                  {o.lines.map((l, i) => (
                    <span key={i} className="office-line">
                      {l}
                    </span>
                  ))}
                </address>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="contact-layout">
        {contact.mediaEmail || contact.salesEmail || contact.helpline ? (
          <section className="contact-channels" aria-labelledby="channels-title">
            <h2 id="channels-title">Get in Touch</h2>
            <dl className="contact-list">
              {contact.mediaEmail ? (
                <>
                  <dt>Media enquiries</dt>
                  <dd>
                    <a href={`mailto:${contact.mediaEmail}`}>{contact.mediaEmail}</a>
                  </dd>
                </>
              ) : null}
              {contact.salesEmail ? (
                <>
                  <dt>Sales and advertising</dt>
                  <dd>
                    <a href={`mailto:${contact.salesEmail}`}>{contact.salesEmail}</a>
                  </dd>
                </>
              ) : null}
              {contact.helpline ? (
                <>
                  <dt>CCPA helpline</dt>
                  <dd>
                    <a href={telHref(contact.helpline)}>{contact.helpline}</a>
                  </dd>
                </>
              ) : null}
            </dl>
          </section>
        ) : null}
        <section className="contact-form-box" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{copy.formTitle}</h2>
          <MessageForm variant="contact" path={ep.contact()} consent={copy.consent} submitLabel={copy.submit} idPrefix="contact" />
        </section>
      </div>
    </article>
  );
}
