// Webhook signatures: an HMAC-SHA256 over the raw request body with a shared
// secret, sent as `sha256=<hex>` (the form GitHub's X-Hub-Signature-256 and
// Stripe's v1 signatures use). `pressroom api --mutable --webhook` signs,
// `pressroom watch` verifies. The comparison is constant-time (timingSafeEqual
// over equal-length digests), so a forger learns nothing from response times.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Pressroom signs with; watch also accepts GitHub's name for CMSs that copy its scheme. */
export const SIGNATURE_HEADER = 'x-pressroom-signature-256';
export const SIGNATURE_HEADERS = [SIGNATURE_HEADER, 'x-hub-signature-256'] as const;
const PREFIX = 'sha256=';

/** `sha256=<hex>` of the body under the secret. */
export function signBody(secret: string, body: string | Uint8Array): string {
  return PREFIX + createHmac('sha256', secret).update(body).digest('hex');
}

/** True when `header` is the body's signature under the secret; false for a missing, malformed or wrong one. */
export function verifySignature(secret: string, body: string | Uint8Array, header: string | undefined | null): boolean {
  if (typeof header !== 'string' || !header.startsWith(PREFIX)) return false;
  const hex = header.slice(PREFIX.length).trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(hex, 'hex'));
}
