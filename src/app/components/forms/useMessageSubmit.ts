// The submit cycle of the contact and opt-out forms (docs/pages.md, "Forms"): idle -> submitting ->
// success (message for 8000 ms, form cleared) or failure (logged, form kept, a polite notice).
// A ref (the "internal error flag" of docs/decisions/0021-open-page-behaviour-choices.md) blocks
// submitting while a request is in flight, so a double click sends one request; a state update would
// come too late.
import { useCallback, useEffect, useRef, useState } from 'react';
import { livePost } from '../../data/live.ts';

/** Success message shown 8000 ms. */
export const SUCCESS_MS = 8000;
export const SUBMIT_FAILED_LOG = 'Failed to submit data to the API.';

export type SubmitStatus = 'idle' | 'submitting' | 'success' | 'failure';

export interface SubmitOptions {
  base: string;
  path: string;
  /** Called after a successful send (or a honeypot hit) to clear the form. */
  onSent: () => void;
}

export function useMessageSubmit({ base, path, onSent }: SubmitOptions) {
  const [status, setStatus] = useState<SubmitStatus>('idle');
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const succeed = useCallback(() => {
    onSent();
    setStatus('success');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus((s) => (s === 'success' ? 'idle' : s)), SUCCESS_MS);
  }, [onSent]);

  /** Sends once; returns false when a submission is already in flight. */
  const send = useCallback(
    async (payload: Record<string, unknown>, opts: { honeypot?: boolean } = {}): Promise<boolean> => {
      if (busy.current) return false;
      if (opts.honeypot) {
        // A bot filled the hidden field: look like success, send nothing.
        succeed();
        return true;
      }
      busy.current = true;
      setStatus('submitting');
      try {
        const res = await livePost(base, path, payload);
        if (!res.ok) throw new Error(`HTTP error! Status: ${res.status}`);
        succeed();
      } catch {
        // Logged (warn, not error: nothing is broken on the page) and the form stays filled.
        console.warn(SUBMIT_FAILED_LOG);
        setStatus('failure');
      } finally {
        busy.current = false;
      }
      return true;
    },
    [base, path, succeed],
  );

  return { status, send, isBusy: () => busy.current };
}
