// @vitest-environment jsdom
// The contact and opt-out forms (docs/pages.md, "Forms"): the
// validated state with the exact messages, 'Submitting...' with the button
// disabled, success for 8000 ms with the form cleared, failure logged and the
// form kept with a polite notice, one request per submission, the honeypot.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ContactPage from '../../../../../src/app/pages/contact/index.tsx';
import OptOutFormPage from '../../../../../src/app/pages/opt-out-form/index.tsx';
import { clientMount, ok, serverRender, site, type Mounted } from '../../../../helpers/app-harness.tsx';

const SHELL = { '/api/advertisement/get_active': ok([]) };
let mounted: Mounted | null = null;
let fetchMock: ReturnType<typeof vi.fn>;
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  mounted?.unmount();
  mounted = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function mount(Page = ContactPage, path = '/contact-us') {
  mounted = clientMount(Page, [path], path, { html: null, data: SHELL });
  return mounted.container;
}
const q = <T extends Element = HTMLInputElement>(root: HTMLElement, sel: string) => root.querySelector(sel) as T;
const field = (root: HTMLElement, name: string) => q<HTMLInputElement>(root, `[name="${name}"]`);
const button = (root: HTMLElement) => q<HTMLButtonElement>(root, 'button[type="submit"]');

function type(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
function fill(root: HTMLElement, over: Record<string, string | boolean> = {}) {
  const v = { first_name: 'Ada', last_name: "O'Neil", email: 'ada@example.com', phone: '+1 (555) 010-24', message: 'Hello there', opt_in: true, ...over };
  for (const k of ['first_name', 'last_name', 'email', 'phone'] as const) type(field(root, k), v[k] as string);
  type(q<HTMLTextAreaElement>(root, 'textarea[name="message"]'), v.message as string);
  const box = field(root, 'opt_in');
  if (box.checked !== v.opt_in) act(() => box.click());
}
function submit(root: HTMLElement) {
  act(() => {
    q<HTMLFormElement>(root, 'form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}
const flush = () => act(async () => {
  await Promise.resolve();
  await Promise.resolve();
});
function deferred() {
  let resolve!: (r: Response) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<Response>((a, b) => ((resolve = a), (reject = b)));
  return { promise, resolve, reject };
}

describe('contact form: markup', () => {
  it('server renders every control with a tied label, browser constraints and the Send Us a Message heading', () => {
    const { html } = serverRender(ContactPage, ['/contact-us'], '/contact-us', SHELL);
    document.body.innerHTML = html;
    expect(document.body.textContent).toContain('Send Us a Message');
    for (const name of ['first_name', 'last_name', 'email', 'phone', 'message', 'opt_in']) {
      const el = document.querySelector(`[name="${name}"]`)!;
      expect(document.querySelector(`label[for="${el.id}"]`), name).not.toBeNull();
      expect(el.getAttribute('aria-describedby')).toBe(`${el.id}-error`);
    }
    const phone = document.querySelector('[name="phone"]')!;
    expect([phone.getAttribute('minlength'), phone.getAttribute('maxlength')]).toEqual(['6', '15']);
    expect(phone.getAttribute('pattern')).toBeTruthy();
    for (const n of ['first_name', 'last_name', 'email', 'phone', 'opt_in']) expect(document.querySelector(`[name="${n}"]`)!.hasAttribute('required')).toBe(true);
    expect(document.querySelector('[name="message"]')!.hasAttribute('required')).toBe(false);
    const hp = document.querySelector('[name="website"]')!;
    expect(hp.getAttribute('tabindex')).toBe('-1');
    expect(hp.getAttribute('autocomplete')).toBe('off');
    expect(hp.closest('[aria-hidden="true"]')).not.toBeNull();
    // the six offices and the contacts
    expect(document.querySelectorAll('.office')).toHaveLength(6);
    expect(document.querySelector(`a[href="mailto:${site.contact.mediaEmail}"]`)).not.toBeNull();
    expect(document.querySelector(`a[href="mailto:${site.contact.salesEmail}"]`)).not.toBeNull();
    expect(document.body.textContent).toContain(site.contact.helpline);
  });
});

describe('contact form: states', () => {
  it('an invalid submit shows the exact messages, marks fields invalid and sends nothing', () => {
    const root = mount();
    fill(root, { first_name: '123', email: 'ada@', phone: '12345', opt_in: false });
    submit(root);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(q(root, 'form').className).toContain('was-validated');
    const err = (n: string) => q(root, `#${field(root, n).id}-error`).textContent;
    expect(err('first_name')).toBe('Please provide a valid first name.');
    expect(err('last_name')).toBe('');
    expect(err('email')).toBe('Please provide a valid email.');
    expect(err('phone')).toBe('Please provide a valid phone number.');
    expect(err('opt_in')).toBe('Acknowledgment is required !');
    expect(field(root, 'first_name').getAttribute('aria-invalid')).toBe('true');
    expect(field(root, 'last_name').hasAttribute('aria-invalid')).toBe(false);
    expect(q(root, `#${field(root, 'phone').id}-error`).getAttribute('aria-live')).toBe('polite');
    expect(field(root, 'first_name').validationMessage).toBe('Please provide a valid first name.');
    // in the validated state errors follow the input
    type(field(root, 'first_name'), 'Ada');
    expect(err('first_name')).toBe('');
  });

  it('a valid submit: Submitting... with the button disabled, POST to /api/contact/add, success for 8000 ms, form cleared', async () => {
    const root = mount();
    const d = deferred();
    fetchMock.mockReturnValueOnce(d.promise);
    fill(root);
    submit(root);
    expect(button(root).textContent).toBe('Submitting...');
    expect(button(root).disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(`${site.api.publicBase}/api/contact/add`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ first_name: 'Ada', last_name: "O'Neil", email: 'ada@example.com', phone: '+1 (555) 010-24', message: 'Hello there', opt_in: true });
    d.resolve(new Response('{"success":true}', { status: 201 }));
    await flush();
    expect(root.textContent).toContain('Thank you for your message. It has been sent.');
    expect(q(root, '.form-notice-region').getAttribute('aria-live')).toBe('polite');
    expect(field(root, 'first_name').value).toBe('');
    expect(field(root, 'opt_in').checked).toBe(false);
    expect(button(root).disabled).toBe(false);
    act(() => vi.advanceTimersByTime(7999));
    expect(root.textContent).toContain('Thank you for your message. It has been sent.');
    act(() => vi.advanceTimersByTime(1));
    expect(root.textContent).not.toContain('Thank you for your message.');
  });

  it('a failed submit logs a warning that the API refused it (not console.error), keeps the form filled and shows a polite notice', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = mount();
    fetchMock.mockResolvedValueOnce(new Response('{"success":false}', { status: 500 }));
    fill(root);
    submit(root);
    await flush();
    expect(warn).toHaveBeenCalledWith('Failed to submit data to the API.');
    expect(errors).not.toHaveBeenCalled();
    expect(field(root, 'first_name').value).toBe('Ada');
    expect(field(root, 'phone').value).toBe('+1 (555) 010-24');
    expect(field(root, 'opt_in').checked).toBe(true);
    expect(q(root, '.form-notice-failure').textContent).toMatch(/could not be sent/);
    expect(root.textContent).not.toContain('Thank you for your message.');
    // network errors fail the same way
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    submit(root);
    await flush();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(field(root, 'email').value).toBe('ada@example.com');
  });

  it('a double submit (double click, Enter twice) sends one request', async () => {
    const root = mount();
    const d = deferred();
    fetchMock.mockReturnValue(d.promise);
    fill(root);
    act(() => {
      const form = q<HTMLFormElement>(root, 'form');
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    submit(root);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    d.resolve(new Response('{}', { status: 201 }));
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a filled honeypot looks like success and sends nothing', async () => {
    const root = mount();
    fill(root);
    field(root, 'website').value = 'http://spam.example';
    submit(root);
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(root.textContent).toContain('Thank you for your message. It has been sent.');
    expect(field(root, 'first_name').value).toBe('');
  });
});

describe('opt-out form', () => {
  it('is headed Do Not Sell My Information, allows phones up to 25 characters and posts to config.api.optOutPath', async () => {
    const root = mount(OptOutFormPage, '/opt-out-form');
    expect(q(root, 'h1').textContent).toBe('Do Not Sell My Information');
    const phone = field(root, 'phone');
    expect([phone.getAttribute('minlength'), phone.getAttribute('maxlength'), phone.hasAttribute('pattern')]).toEqual(['6', '25', false]);
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 201 }));
    fill(root, { phone: '1'.repeat(26) });
    submit(root);
    expect(q(root, `#${phone.id}-error`).textContent).toBe('Please provide a valid phone number.');
    expect(fetchMock).not.toHaveBeenCalled();
    type(phone, 'ext. 42 / 555 0102 3344');
    submit(root);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe(`${site.api.publicBase}${site.api.optOutPath}`);
    expect(root.textContent).toContain('Thank you for your message. It has been sent.');
  });
});
