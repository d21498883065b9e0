// The subscribe popup (docs/pages.md, "Shared shell"): an accessible dialog (labelled, focus moved in
// and trapped, Escape closes, focus returned to the opener).
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSite } from '../context.tsx';
import { liveBaseOf } from '../lib/site-urls.ts';
import { BACKDROP_MS, MODAL_MS, MSG_DUPLICATE, MSG_INVALID, MSG_THANKS, NOTE_DEFAULT, THANKS_RESET_MS, isValidEmail, subscribe } from './subscribe.ts';

type Note = 'default' | 'thanks' | 'duplicate';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function SubscribeModal({ onClose }: { onClose: () => void }) {
  const { api, site } = useSite();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [note, setNote] = useState<Note>('default');
  const [sending, setSending] = useState(false);
  const [shown, setShown] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const closing = useRef(false);
  const mounted = useRef(true);
  const ids = useId();
  const titleId = `${ids}-title`;
  const fieldId = `${ids}-email`;
  const errorId = `${ids}-error`;
  const noteId = `${ids}-note`;

  useEffect(() => {
    mounted.current = true;
    // Next frame: the 'is-shown' class starts the 300 ms / 150 ms transitions.
    const raf = requestAnimationFrame(() => setShown(true));
    input.current?.focus();
    // Escape closes wherever the focus is (it can sit on <body> after a click on the backdrop).
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      mounted.current = false;
      cancelAnimationFrame(raf);
      if (resetTimer.current) clearTimeout(resetTimer.current);
    };
  }, []);

  const close = () => {
    if (closing.current) return;
    closing.current = true;
    setShown(false);
    setTimeout(onClose, MODAL_MS); // let the modal transition finish
  };

  const closeRef = useRef(close);
  closeRef.current = close;

  const check = (v: string) => {
    const ok = isValidEmail(v);
    setInvalid(!ok);
    return ok;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending || !check(email)) return; // invalid -> nothing is sent
    setSending(true);
    const outcome = await subscribe(liveBaseOf({ site, api }), email);
    if (!mounted.current) return;
    setSending(false);
    if (outcome === 'subscribed') {
      setEmail('');
      setInvalid(false);
      setNote('thanks');
      if (resetTimer.current) clearTimeout(resetTimer.current);
      resetTimer.current = setTimeout(() => {
        // After 5 seconds the form resets and the default note returns.
        setEmail('');
        setInvalid(false);
        setNote('default');
        resetTimer.current = null;
      }, THANKS_RESET_MS);
    } else if (outcome === 'duplicate') {
      setNote('duplicate');
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const noteText = note === 'thanks' ? MSG_THANKS : note === 'duplicate' ? MSG_DUPLICATE : NOTE_DEFAULT;
  const style = { ['--modal-ms' as string]: `${MODAL_MS}ms`, ['--backdrop-ms' as string]: `${BACKDROP_MS}ms` };

  return (
    <div className={shown ? 'modal-root is-shown' : 'modal-root'} style={style} onKeyDown={onKeyDown}>
      <div className="modal-backdrop" onClick={close} aria-hidden="true" />
      <div className="modal-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialog}>
        <div className="modal-banner">
          <h2 id={titleId}>Subscribe to our newsletter</h2>
          <p>The week's developer and marketing-technology news, in your inbox.</p>
          <button type="button" className="modal-close" aria-label="Close" onClick={close}>
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
        <form className="modal-form" noValidate onSubmit={submit}>
          <label htmlFor={fieldId}>Email address</label>
          <div className="modal-field-row">
            <input
              ref={input}
              id={fieldId}
              type="email"
              name="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              aria-invalid={invalid}
              aria-describedby={invalid ? `${errorId} ${noteId}` : noteId}
              className={invalid ? 'is-invalid' : undefined}
              onChange={(e) => {
                setEmail(e.target.value);
                check(e.target.value);
                if (note === 'duplicate') setNote('default');
              }}
              onBlur={(e) => check(e.target.value)}
            />
            {/* aria-disabled, not disabled: a disabled button would drop the focus out of the dialog */}
            <button type="submit" className="btn btn-primary" aria-disabled={sending}>
              Submit
            </button>
          </div>
          {invalid ? (
            <p id={errorId} className="field-error" role="alert">
              {MSG_INVALID}
            </p>
          ) : null}
          <p id={noteId} className={`modal-note modal-note-${note}`} aria-live="polite">
            {noteText}
          </p>
        </form>
      </div>
    </div>
  );
}
