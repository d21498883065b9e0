// /opt-out-form (articles spec "Opt-out form"): 'Do Not Sell My Information',
// the §5 fields (phone 6-25 characters, no pattern). The spec does not show its
// submission call; it posts to config.api.optOutPath (default /api/contact/add,
// api-contract "Forms and redirects").
import { paths } from '../../../site/paths.ts';
import { MessageForm } from '../../components/forms/MessageForm.tsx';
import { useSite } from '../../context.tsx';
import { usePageHead } from '../../head.tsx';
import { telHref } from '../../components/forms/links.tsx';

export default function OptOutFormPage() {
  const { site, api, contact, pages } = useSite();
  const copy = pages.optOut;
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
