// @vitest-environment jsdom
// Subscribe popup (docs/pages.md, "Shared shell", Subscribe popup):
// opened only by the footer's Subscribe action; the e-mail rule on change, blur
// and submit; every message; the 5000 ms reset (fake timers); 404 -> already
// subscribed; other failures logged only; focus trap, Escape, focus return.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ep } from '../../../../src/api/endpoints.ts';
import { Footer } from '../../../../src/app/shell/Footer.tsx';
import { EMAIL_RULE, MODAL_MS, MSG_DUPLICATE, MSG_INVALID, MSG_THANKS, NOTE_DEFAULT, THANKS_RESET_MS } from '../../../../src/app/shell/subscribe.ts';
import { click, mount, typeInto, type Mounted } from '../../../helpers/app-harness.tsx';

let m: Mounted | null = null;
let log: ReturnType<typeof vi.spyOn>;
let fetchMock: ReturnType<typeof vi.fn>;

function respondWith(status: number | Error) {
  fetchMock.mockImplementation(async () => {
    if (status instanceof Error) throw status;
    return new Response(JSON.stringify({}), { status });
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  m = mount(<Footer />, '/', {});
});
afterEach(() => {
  m?.unmount();
  m = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const field = () => dialog()!.querySelector<HTMLInputElement>('input[type="email"]')!;
const note = () => dialog()!.querySelector('.modal-note')!.textContent;
const error = () => dialog()!.querySelector('.field-error')?.textContent ?? null;

async function open() {
  click(m!.container.querySelector('.btn-subscribe'));
  // The popup's module is loaded on first use (Footer.tsx): let it arrive.
  await act(async () => {
    await import('../../../../src/app/shell/SubscribeModal.tsx');
    await vi.advanceTimersByTimeAsync(0);
  });
  act(() => void vi.advanceTimersByTime(20)); // the entry frame
}
async function submit() {
  await act(async () => {
    dialog()!.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('subscribe popup', () => {
  it('is not in the page until the footer Subscribe action opens it', async () => {
    expect(dialog()).toBeNull();
    await open();
    const d = dialog()!;
    expect(d.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(d.getAttribute('aria-labelledby')!)!.textContent).toBe('Subscribe to our newsletter');
    expect(d.querySelector('.modal-banner')).not.toBeNull();
    expect(d.querySelector('button[aria-label="Close"]')).not.toBeNull();
    expect(d.querySelector('button[type="submit"]')!.textContent).toBe('Submit');
    expect(note()).toBe(NOTE_DEFAULT);
    expect(document.activeElement).toBe(field());
  });

  it('the e-mail rule accepts a local part, an @ and a dotted domain, and rejects anything short of that', () => {
    for (const good of ['a@b.co', 'first.last@example.org', 'x+y@sub.domain.io']) expect(EMAIL_RULE.test(good)).toBe(true);
    for (const bad of ['', 'a@b', 'a b@c.de', '@b.co', 'a@@b.co', 'a@b.', 'ab.co']) expect(EMAIL_RULE.test(bad)).toBe(false);
  });

  it('checks on change and on blur: invalid marks the field and shows the message', async () => {
    await open();
    typeInto(field(), 'not-an-email');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(error()).toBe(MSG_INVALID);
    typeInto(field(), 'reader@example.com');
    expect(field().getAttribute('aria-invalid')).toBe('false');
    expect(error()).toBeNull();
    typeInto(field(), 'x@y');
    act(() => void field().dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
    expect(error()).toBe(MSG_INVALID);
  });

  it('blocks an invalid submit: nothing is sent', async () => {
    await open();
    await submit();
    expect(error()).toBe(MSG_INVALID);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts {email}, thanks the reader, empties the field, and after 5000 ms restores the default note", async () => {
    respondWith(201);
    await open();
    typeInto(field(), 'reader@example.com');
    await submit();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(ep.subscribe());
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ email: 'reader@example.com' });
    expect(note()).toBe(MSG_THANKS);
    expect(field().value).toBe('');
    act(() => void vi.advanceTimersByTime(THANKS_RESET_MS - 1));
    expect(note()).toBe(MSG_THANKS);
    act(() => void vi.advanceTimersByTime(1));
    expect(note()).toBe(NOTE_DEFAULT);
    expect(field().value).toBe('');
    expect(field().getAttribute('aria-invalid')).toBe('false');
  });

  it('treats any ok status as success (200 too)', async () => {
    respondWith(200);
    await open();
    typeInto(field(), 'reader@example.com');
    await submit();
    expect(note()).toBe(MSG_THANKS);
  });

  it("404 -> 'This email is already subscribed ❌'", async () => {
    respondWith(404);
    await open();
    typeInto(field(), 'dup@example.com');
    await submit();
    expect(note()).toBe(MSG_DUPLICATE);
    expect(log).not.toHaveBeenCalled();
  });

  it('other statuses and network errors are logged only, with no message', async () => {
    respondWith(500);
    await open();
    typeInto(field(), 'reader@example.com');
    await submit();
    expect(note()).toBe(NOTE_DEFAULT);
    expect(error()).toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
    respondWith(new TypeError('Failed to fetch'));
    await submit();
    expect(note()).toBe(NOTE_DEFAULT);
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('Escape closes after the modal transition and focus returns to the opener', async () => {
    await open();
    const opener = m!.container.querySelector<HTMLButtonElement>('.btn-subscribe')!;
    act(() => void field().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(dialog()).not.toBeNull(); // still transitioning out
    act(() => void vi.advanceTimersByTime(MODAL_MS));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('the close button closes it too', async () => {
    await open();
    click(dialog()!.querySelector('button[aria-label="Close"]'));
    act(() => void vi.advanceTimersByTime(MODAL_MS));
    expect(dialog()).toBeNull();
  });

  it('traps Tab inside the dialog', async () => {
    await open();
    const focusables = [...dialog()!.querySelectorAll<HTMLElement>('button, input')];
    const first = focusables.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
    const last = focusables[focusables.length - 1];
    last.focus();
    act(() => void last.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true })));
    expect(document.activeElement).toBe(first);
    act(() => void first.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, cancelable: true })));
    expect(document.activeElement).toBe(last);
  });
});
