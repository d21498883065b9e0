// Webhook signatures: HMAC-SHA256 with a shared secret, sent as `sha256=<hex>`, in two forms
// (docs/operations.md, "Signing a webhook"):
//   body-only     over the raw body (GitHub's scheme), for CMSs that can send nothing more
//   timestamped   over `<timestamp>.<body>`, seconds in X-Pressroom-Timestamp (Stripe's and Slack's),
//                 so old captured requests are refused (docs/decisions/0104-signed-webhook-timestamps.md)
// The comparison is constant-time, so response times tell a forger nothing.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Pressroom signs with; watch also accepts GitHub's name for CMSs that copy its scheme. */
export const SIGNATURE_HEADER = 'x-pressroom-signature-256';
export const SIGNATURE_HEADERS = [SIGNATURE_HEADER, 'x-hub-signature-256'] as const;
/** Unix seconds, signed with the body: present, it makes the signature the timestamped form. */
export const TIMESTAMP_HEADER = 'x-pressroom-timestamp';
const PREFIX = 'sha256=';

const hmac = (secret: string, parts: (string | Uint8Array)[]): Buffer => {
  const h = createHmac('sha256', secret);
  for (const p of parts) h.update(p);
  return h.digest();
};

/** `sha256=<hex>` of the body under the secret (the body-only form). */
export function signBody(secret: string, body: string | Uint8Array): string {
  return PREFIX + hmac(secret, [body]).toString('hex');
}

/** `sha256=<hex>` of `<timestamp>.<body>` under the secret (the timestamped form; `timestamp` in Unix seconds). */
export function signTimestamped(secret: string, timestamp: number | string, body: string | Uint8Array): string {
  return PREFIX + hmac(secret, [`${timestamp}.`, body]).toString('hex');
}

/** True when `header` is the body's signature under the secret; false for a missing, malformed or wrong one. */
export function verifySignature(secret: string, body: string | Uint8Array, header: string | undefined | null): boolean {
  return matches(header, () => hmac(secret, [body]));
}

/** True when `header` signs `<timestamp>.<body>` under the secret, `timestamp` as it was sent. */
export function verifyTimestamped(secret: string, timestamp: string, body: string | Uint8Array, header: string | undefined | null): boolean {
  return matches(header, () => hmac(secret, [`${timestamp}.`, body]));
}

function matches(header: string | undefined | null, expected: () => Buffer): boolean {
  if (typeof header !== 'string' || !header.startsWith(PREFIX)) return false;
  const hex = header.slice(PREFIX.length).trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
  return timingSafeEqual(expected(), Buffer.from(hex, 'hex'));
}
