// The newsletter subscription's rules and call, free of React so each rule is tested directly.
import { ep } from '../../api/endpoints.ts';
import { livePost } from '../data/live.ts';

/** Text without whitespace or '@', then '@', then text, '.', text. */
export const EMAIL_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MSG_INVALID = 'Please enter a valid email address.';
export const MSG_THANKS = 'Thank you for subscribing ✅';
export const MSG_DUPLICATE = 'This email is already subscribed ❌';
export const NOTE_DEFAULT = '*By clicking on the Submit button, you are agreeing with the Privacy Policy with the product.';
/** The thank-you message and the emptied form reset after 5000 ms. */
export const THANKS_RESET_MS = 5000;
/** Modal transition 300 ms, backdrop 150 ms (shell.css uses the same). */
export const MODAL_MS = 300;
export const BACKDROP_MS = 150;

export const isValidEmail = (v: string) => EMAIL_RULE.test(v);

export type SubscribeOutcome = 'subscribed' | 'duplicate' | 'failed';

/** POST {publicBase}/api/subscribe/add: ok is success, 404 already subscribed, else logged (console.log). */
export async function subscribe(base: string, email: string): Promise<SubscribeOutcome> {
  try {
    const res = await livePost(base, ep.subscribe(), { email });
    if (res.ok) return 'subscribed';
    if (res.status === 404) return 'duplicate';
    console.log(`Subscribe failed: HTTP ${res.status}`);
    return 'failed';
  } catch (err) {
    console.log(`Subscribe failed: ${(err as Error).message}`);
    return 'failed';
  }
}
