// The contact and opt-out form (docs/pages.md, "Forms"), with the rules and messages of
// lib/validation.ts. Inputs also carry native constraints and setCustomValidity, but the form renders
// the messages itself (noValidate), so they look and are announced the same everywhere.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useSite } from '../../context.tsx';
import { liveBaseOf } from '../../lib/site-urls.ts';
import {
  CONTACT_PHONE_PATTERN,
  EMAIL_MAX,
  EMPTY_FIELDS,
  FIELD_ORDER,
  MESSAGE_MAX,
  NAME_MAX,
  NAME_PATTERN,
  PHONE_LIMITS,
  validateField,
  validateForm,
  type FieldErrors,
  type FieldName,
  type FormVariant,
  type MessageFields,
} from '../../lib/validation.ts';
import { Field } from './Field.tsx';
import { useMessageSubmit } from './useMessageSubmit.ts';

export const SUCCESS_TEXT = 'Thank you for your message. It has been sent.';
export const FAILURE_TEXT = 'Sorry, your message could not be sent. Please check your connection and try again; your details are still in the form.';

export interface MessageFormProps {
  variant: FormVariant;
  /** API path the form posts to (contact: ep.contact(); opt-out: config.api.optOutPath). */
  path: string;
  consent: string;
  submitLabel: string;
  /** Prefix of the element ids (unique per page). */
  idPrefix: string;
}

type Controls = Partial<Record<FieldName, HTMLInputElement | HTMLTextAreaElement | null>>;

export function MessageForm({ variant, path, consent, submitLabel, idPrefix }: MessageFormProps) {
  const { api, site } = useSite();
  const [values, setValues] = useState<MessageFields>(EMPTY_FIELDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [validated, setValidated] = useState(false);
  const controls = useRef<Controls>({});
  const honeypot = useRef<HTMLInputElement | null>(null);

  const onSent = useCallback(() => {
    setValues(EMPTY_FIELDS);
    setErrors({});
    setValidated(false);
    if (honeypot.current) honeypot.current.value = '';
  }, []);
  const { status, send, isBusy } = useMessageSubmit({ base: liveBaseOf({ site, api }), path, onSent });

  // Keep the native constraint state in step with the forms' messages.
  useEffect(() => {
    for (const f of FIELD_ORDER) {
      const el = controls.current[f];
      el?.setCustomValidity(errors[f] ?? '');
    }
  }, [errors]);

  const set = <K extends FieldName>(name: K, v: MessageFields[K]) => {
    const next = { ...values, [name]: v };
    setValues(next);
    // After a failed check (validated state), errors follow the input live.
    if (validated) setErrors((e) => ({ ...e, [name]: validateField(name, next, variant) ?? undefined }));
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (isBusy()) return; // one request per submission (see useMessageSubmit)
    const found = validateForm(values, variant);
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      setValidated(true);
      controls.current[first]?.focus();
      return;
    }
    const payload = {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      message: values.message,
      opt_in: true,
    };
    void send(payload, { honeypot: !!honeypot.current?.value });
  };

  const id = (f: string) => `${idPrefix}-${f}`;
  const reg = (f: FieldName) => (el: HTMLInputElement | HTMLTextAreaElement | null) => {
    controls.current[f] = el;
  };
  const phone = PHONE_LIMITS[variant];
  const submitting = status === 'submitting';
  return (
    <form className={`message-form${validated ? ' was-validated' : ''}`} noValidate onSubmit={onSubmit} aria-busy={submitting}>
      <div className="form-row">
        <Field id={id('first_name')} name="first_name" label="First Name" required maxLength={NAME_MAX} pattern={NAME_PATTERN} autoComplete="given-name" value={values.first_name} onText={(v) => set('first_name', v)} error={errors.first_name} inputRef={reg('first_name')} />
        <Field id={id('last_name')} name="last_name" label="Last Name" required maxLength={NAME_MAX} pattern={NAME_PATTERN} autoComplete="family-name" value={values.last_name} onText={(v) => set('last_name', v)} error={errors.last_name} inputRef={reg('last_name')} />
      </div>
      <div className="form-row">
        <Field id={id('email')} name="email" type="email" label="Email" required maxLength={EMAIL_MAX} autoComplete="email" value={values.email} onText={(v) => set('email', v)} error={errors.email} inputRef={reg('email')} />
        <Field
          id={id('phone')}
          name="phone"
          type="tel"
          label="Phone"
          required
          minLength={phone.min}
          maxLength={phone.max}
          pattern={variant === 'contact' ? CONTACT_PHONE_PATTERN : undefined}
          autoComplete="tel"
          value={values.phone}
          onText={(v) => set('phone', v)}
          error={errors.phone}
          inputRef={reg('phone')}
        />
      </div>
      <Field id={id('message')} name="message" label="Message" multiline maxLength={MESSAGE_MAX} value={values.message} onText={(v) => set('message', v)} textareaRef={reg('message')} />
      <div className={`form-check${errors.opt_in ? ' has-error' : ''}`}>
        <input
          id={id('opt_in')}
          name="opt_in"
          type="checkbox"
          className="form-check-input"
          required
          checked={values.opt_in}
          onChange={(e) => set('opt_in', e.target.checked)}
          ref={reg('opt_in')}
          aria-invalid={errors.opt_in ? true : undefined}
          aria-describedby={id('opt_in-error')}
        />
        <label htmlFor={id('opt_in')} className="form-check-label">
          {consent}
        </label>
        <div id={id('opt_in-error')} className="form-error" aria-live="polite">
          {errors.opt_in ?? ''}
        </div>
      </div>
      {/* Honeypot: hidden from people and assistive technology; bots fill it. */}
      <div className="hp-field" aria-hidden="true">
        <label htmlFor={id('website')}>Leave this field empty</label>
        <input id={id('website')} name="website" type="text" tabIndex={-1} autoComplete="off" ref={honeypot} defaultValue="" />
      </div>
      <button type="submit" className="btn btn-primary form-submit" disabled={submitting}>
        {submitting ? 'Submitting...' : submitLabel}
      </button>
      <div className="form-notice-region" role="status" aria-live="polite">
        {status === 'success' ? <p className="form-notice form-notice-success">{SUCCESS_TEXT}</p> : null}
        {status === 'failure' ? <p className="form-notice form-notice-failure">{FAILURE_TEXT}</p> : null}
      </div>
    </form>
  );
}
