// /opt-out-form (docs/pages.md, "Static pages"): 'Do Not Sell My Information', posting to
// api.optOutPath (default /api/contact/add), since publications differ.
import { paths } from '../../../site/paths.ts';
import { MessageForm } from '../../components/forms/MessageForm.tsx';
import { usePageCopy, useSite } from '../../context.tsx';
import { usePageHead } from '../../head.tsx';
import { telHref } from '../../components/forms/links.tsx';

export default function OptOutFormPage() {
  const { site, api, contact } = useSite();
  const copy = usePageCopy('opt-out-form');
  usePageHead({ title: `${copy.title} | ${site.name}`, description: copy.intro, canonicalPath: paths.optOut() });
  return (
    <article className="static-page optout-page container">
      <h1 className="page-title">Do Not Sell My Information</h1>
      <p className="static-lead">{copy.intro}</p>
      {contact.helpline ? (
        <p className="static-lead">
          CCPA helpline: <a href={telHref(contact.helpline)}>{contact.helpline}</a>
        </p>
      ) : null}
      <section className="contact-form-box" aria-label="Opt-out request">
        <MessageForm variant="optout" path={api.optOutPath} consent={copy.consent} submitLabel={copy.submit} idPrefix="optout" />
      </section>
    </article>
  );
}
