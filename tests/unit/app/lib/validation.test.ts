// The forms' rules (docs/pages.md, "Forms") with passing and
// failing examples, the exact messages, the phone bounds (contact 6-15, opt-out
// 6-25) and the HTML pattern equivalents.
import { describe, expect, it } from 'vitest';
import {
  CONTACT_PHONE_PATTERN,
  EMPTY_FIELDS,
  MESSAGES,
  NAME_PATTERN,
  isValidEmail,
  isValidName,
  isValidPhone,
  validateForm,
  type MessageFields,
} from '../../../../src/app/lib/validation.ts';

// Browsers compile `pattern` with the v flag and anchor it: ^(?:pattern)$.
const htmlPattern = (p: string) => new RegExp(`^(?:${p})$`, 'v');

const NAMES_OK = ['Ada', 'José', "O'Brien", 'Mary Ann', 'Jr.', 'Smith, Jr.', 'Li3', 'ada@home', 'Zoë', 'Łukasz', '李', 'Ngozi', 'A', '1a', "a'", '@a', 'x.,@'];
const NAMES_BAD = ['', '   ', '123', '12 34', '.', ',,', '@', '.,@', '. ,', 'Ada ', 'Ada!', 'Ada-Lovelace', 'Ada_L', '<b>', 'Ada\tL', 'x'.repeat(101)];

describe('name rule (first_name, last_name)', () => {
  it.each(NAMES_OK)('accepts %j', (n) => {
    expect(isValidName(n)).toBe(true);
    if (n.length <= 100) expect(htmlPattern(NAME_PATTERN).test(n)).toBe(true);
  });
  it.each(NAMES_BAD)('rejects %j', (n) => {
    expect(isValidName(n)).toBe(false);
    if (n !== '' && n.length <= 100) expect(htmlPattern(NAME_PATTERN).test(n)).toBe(false);
  });
  it('allows letters, digits, apostrophe, dot, comma, at sign and spaces inside, and must end in one of them but not a space', () => {
    expect(isValidName("a b'c.d,e@f1")).toBe(true);
    expect(isValidName('ab ')).toBe(false);
    expect(isValidName('ab,')).toBe(true);
  });
});

describe('email rule', () => {
  it.each(['ada@example.com', 'a.b+c@sub.example.co.uk', 'x@y.z'])('accepts %j', (e) => expect(isValidEmail(e)).toBe(true));
  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', 'ada@exa mple.com', 'a@b@c.com', ' ada@example.com'])('rejects %j', (e) =>
    expect(isValidEmail(e)).toBe(false),
  );
});

describe('contact phone rule: length 6-15, digits, + - ( ) . and single spaces', () => {
  it.each([
    ['123456', true], // 6: lower bound
    ['12345', false], // 5
    ['123456789012345', true], // 15: upper bound
    ['1234567890123456', false], // 16
    ['+1 (555) 010-24', true],
    ['555.010.2477', true],
    ['+44 20 7946 09', true],
    ['555  0102', false], // double space
    [' 5550102', false], // leading space
    ['5550102 ', false], // trailing space
    ['555-01O2', false], // letter O
    ['555/0102', false],
    ['', false],
  ])('%j -> %s', (phone, ok) => {
    expect(isValidPhone(phone, 'contact')).toBe(ok);
    if (phone.length >= 6 && phone.length <= 15) expect(htmlPattern(CONTACT_PHONE_PATTERN).test(phone)).toBe(ok);
  });
});

describe('opt-out phone rule: length 6-25, no pattern', () => {
  it.each([
    ['12345', false], // 5
    ['123456', true], // 6
    ['1'.repeat(25), true], // 25
    ['1'.repeat(26), false], // 26
    ['call me: ext 42', true], // no pattern
    ['      ', false], // blank is not an answer to a required field
  ])('%j -> %s', (phone, ok) => expect(isValidPhone(phone, 'optout')).toBe(ok));
  it('16 to 25 characters pass on the opt-out form but not on the contact form', () => {
    expect(isValidPhone('1234567890123456', 'optout')).toBe(true);
    expect(isValidPhone('1234567890123456', 'contact')).toBe(false);
  });
});

describe('validateForm: the exact messages, in form order', () => {
  const good: MessageFields = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+44 20 7946', message: '', opt_in: true };
  it('passes a valid form with the optional message empty', () => {
    expect(validateForm(good, 'contact')).toEqual({});
    expect(validateForm(good, 'optout')).toEqual({});
  });
  it('reports every failing field with its own message', () => {
    expect(validateForm(EMPTY_FIELDS, 'contact')).toEqual({
      first_name: 'Please provide a valid first name.',
      last_name: 'Please provide a valid last name.',
      email: 'Please provide a valid email.',
      phone: 'Please provide a valid phone number.',
      opt_in: 'Acknowledgment is required !',
    });
    expect(Object.keys(validateForm(EMPTY_FIELDS, 'optout'))).toEqual(['first_name', 'last_name', 'email', 'phone', 'opt_in']);
  });
  it('the message field never fails and the checkbox is required', () => {
    expect(validateForm({ ...good, message: 'x'.repeat(200) }, 'contact')).toEqual({});
    expect(validateForm({ ...good, opt_in: false }, 'contact')).toEqual({ opt_in: MESSAGES.opt_in });
  });
});
