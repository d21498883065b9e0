// The forms' validation rules (docs/pages.md, "Forms"), pure, each returning its exact message or
// null; also written as browser validation attributes (`*_PATTERN`, length bounds).

export type FormVariant = 'contact' | 'optout';

export interface MessageFields {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  message: string;
  opt_in: boolean;
}

export type FieldName = keyof MessageFields;
export type FieldErrors = Partial<Record<FieldName, string>>;

/** The forms' messages, verbatim (including the space before '!'). */
export const MESSAGES = {
  first_name: 'Please provide a valid first name.',
  last_name: 'Please provide a valid last name.',
  email: 'Please provide a valid email.',
  phone: 'Please provide a valid phone number.',
  opt_in: 'Acknowledgment is required !',
} as const;

/** Phone length 6-15 on the contact form, 6-25 on the opt-out form. */
export const PHONE_LIMITS: Record<FormVariant, { min: number; max: number }> = {
  contact: { min: 6, max: 15 },
  optout: { min: 6, max: 25 },
};

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const MESSAGE_MAX = 5000;

// Name: letters (any script, with marks), digits, ' . , @ and spaces; not only digits or only . , @;
// ending in anything but a space.
const NAME_CHARS = /^[\p{L}\p{M}0-9'.,@ ]+$/u;
const NAME_END = /[\p{L}\p{M}0-9'.,@]$/u;
const DIGITS_ONLY = /^[0-9 ]+$/;
const PUNCT_ONLY = /^[.,@ ]+$/;

/** The name rule as an HTML `pattern` (compiled by browsers with the v flag, anchored). */
export const NAME_PATTERN = "(?![0-9 ]+$)(?![.,@ ]+$)[\\p{L}\\p{M}0-9'.,@ ]*[\\p{L}\\p{M}0-9'.,@]";

export function isValidName(value: string): boolean {
  if (value.trim() === '' || value.length > NAME_MAX) return false;
  if (!NAME_CHARS.test(value) || !NAME_END.test(value)) return false;
  return !DIGITS_ONLY.test(value) && !PUNCT_ONLY.test(value);
}

// Email: the shape local@domain.tld with no spaces (and one @).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL.test(value);
}

// Contact phone: digits, + - ( ) and dots, in groups separated by single spaces.
const CONTACT_PHONE = /^[0-9+\-().]+( [0-9+\-().]+)*$/;
/** The contact phone rule as an HTML `pattern` (v-flag safe: class syntax characters escaped). */
export const CONTACT_PHONE_PATTERN = '[0-9+\\-\\(\\)\\.]+( [0-9+\\-\\(\\)\\.]+)*';

export function isValidPhone(value: string, variant: FormVariant): boolean {
  const { min, max } = PHONE_LIMITS[variant];
  if (value.trim() === '' || value.length < min || value.length > max) return false;
  return variant === 'optout' || CONTACT_PHONE.test(value);
}

export function validateField(name: FieldName, values: MessageFields, variant: FormVariant): string | null {
  switch (name) {
    case 'first_name':
      return isValidName(values.first_name) ? null : MESSAGES.first_name;
    case 'last_name':
      return isValidName(values.last_name) ? null : MESSAGES.last_name;
    case 'email':
      return isValidEmail(values.email) ? null : MESSAGES.email;
    case 'phone':
      return isValidPhone(values.phone, variant) ? null : MESSAGES.phone;
    case 'message':
      return null; // optional, no message; only the length is bounded
    case 'opt_in':
      return values.opt_in ? null : MESSAGES.opt_in;
  }
}

export const FIELD_ORDER: readonly FieldName[] = ['first_name', 'last_name', 'email', 'phone', 'message', 'opt_in'];

/** Every failing field's message, in form order; empty when the form may be sent. */
export function validateForm(values: MessageFields, variant: FormVariant): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of FIELD_ORDER) {
    const m = validateField(f, values, variant);
    if (m) errors[f] = m;
  }
  return errors;
}

export const EMPTY_FIELDS: MessageFields = { first_name: '', last_name: '', email: '', phone: '', message: '', opt_in: false };
