// Who may make the watcher build (docs/decisions/0104-signed-webhook-timestamps.md): a right signature
// (src/webhook/signature.ts), a signed timestamp (if any) within tolerance, and not a delivery already
// accepted in that window.
// Remembered: a timestamped request's signature (a replay carries the same) and the sender's delivery
// id (X-Pressroom-Delivery or X-GitHub-Delivery). A body-only signature is not: two edits of one story
// may send the same body, and both must build. Entries live until their window passes, at most
// `maxRemembered` (oldest dropped), per watcher.
import type { IncomingHttpHeaders } from 'node:http';
import { SIGNATURE_HEADERS, TIMESTAMP_HEADER, verifySignature, verifyTimestamped } from '../webhook/signature.ts';

export const DELIVERY_HEADERS = ['x-pressroom-delivery', 'x-github-delivery'] as const;
/** GitHub's ids are 36 characters; a longer one is refused rather than kept. */
const MAX_DELIVERY_ID = 200;

/** Why a request was refused: the log's `reason` (src/watch/rejections.ts). */
export type RejectReason =
  | 'missing signature'
  | 'bad signature'
  | 'missing timestamp'
  | 'bad timestamp'
  | 'stale timestamp'
  | 'replayed'
  | 'bad delivery id'
  | 'too large'
  | 'bad body'
  | 'bad method'
  | 'unknown path';

export type Verdict = { ok: true } | { ok: false; status: 400 | 401 | 409; reason: RejectReason; error: string };

export interface GuardOptions {
  secret: string;
  /** How far a signed timestamp may be from the watcher's clock, either way, and how long a delivery is remembered. */
  toleranceMs: number;
  /** Refuse the body-only form (a CMS that signs timestamps cannot then be impersonated by a replay of an old body-only request). */
  requireTimestamp: boolean;
  now: () => number;
  maxRemembered?: number;
}

const first = (h: IncomingHttpHeaders, names: readonly string[]): string | undefined => {
  const v = names.map((n) => h[n]).find((x) => x !== undefined);
  return Array.isArray(v) ? v[0] : v;
};

const refuse = (status: 400 | 401 | 409, reason: RejectReason, error: string): Verdict => ({ ok: false, status, reason, error });

const HOW = 'send X-Pressroom-Timestamp: <Unix seconds> and X-Pressroom-Signature-256: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" with the shared secret>';

export class WebhookGuard {
  /** Key -> when it may be forgotten (ms); in insertion order, so the oldest are dropped first. */
  private readonly seen = new Map<string, number>();
  private readonly max: number;

  constructor(private readonly o: GuardOptions) {
    this.max = o.maxRemembered ?? 10_000;
  }

  /** Checks one request's headers against its raw body; an accepted delivery is remembered. */
  check(headers: IncomingHttpHeaders, body: Buffer): Verdict {
    const now = this.o.now();
    const signature = first(headers, SIGNATURE_HEADERS);
    const timestamp = first(headers, [TIMESTAMP_HEADER]);
    const bodyOnly = this.o.requireTimestamp ? HOW : `${HOW}, or sha256=<hex HMAC-SHA256 of the raw body> alone`;
    if (signature === undefined) return refuse(401, 'missing signature', `missing signature: ${bodyOnly}`);
    const keys: string[] = [];
    let until = now + this.o.toleranceMs;
    if (timestamp === undefined) {
      if (this.o.requireTimestamp) return refuse(401, 'missing timestamp', `missing timestamp: this watcher takes only timestamped signatures (--require-timestamp): ${HOW}`);
      if (!verifySignature(this.o.secret, body, signature)) return refuse(401, 'bad signature', `bad signature: ${bodyOnly}`);
    } else {
      if (!/^\d{1,12}$/.test(timestamp)) return refuse(401, 'bad timestamp', `bad timestamp: X-Pressroom-Timestamp must be the Unix time of sending in whole seconds (not milliseconds); ${HOW}`);
      if (!verifyTimestamped(this.o.secret, timestamp, body, signature)) return refuse(401, 'bad signature', `bad signature: ${HOW}`);
      const at = Number(timestamp) * 1000;
      // Checked after the signature: a stale refusal is then a genuine old request (a replay, or a clock off by that much).
      if (Math.abs(now - at) > this.o.toleranceMs) {
        return refuse(401, 'stale timestamp', `stale timestamp: ${timestamp} is ${Math.round(Math.abs(now - at) / 1000)} s from this watcher's clock, more than the ${this.o.toleranceMs / 1000} s allowed (--signature-tolerance); sign each delivery when it is sent, and keep the clocks in sync (NTP)`);
      }
      // A future timestamp stays valid until its own window ends: its signature is remembered that long.
      until = Math.max(now, at) + this.o.toleranceMs;
      keys.push(`signature ${signature.trim().toLowerCase()}`);
    }
    const delivery = first(headers, DELIVERY_HEADERS);
    if (delivery !== undefined) {
      if (delivery.length === 0 || delivery.length > MAX_DELIVERY_ID) return refuse(400, 'bad delivery id', `bad delivery id: X-Pressroom-Delivery must be 1 to ${MAX_DELIVERY_ID} characters`);
      keys.push(`delivery ${delivery}`);
    }
    this.forget(now);
    const replayed = keys.find((k) => (this.seen.get(k) ?? -Infinity) > now);
    if (replayed) {
      const what = replayed.startsWith('delivery ') ? `delivery ${delivery} was` : 'this timestamp, body and signature were';
      return refuse(409, 'replayed', `replayed: ${what} accepted already, within the last ${this.o.toleranceMs / 1000} s; a new delivery needs its own id, timestamp and signature`);
    }
    for (const k of keys) {
      this.seen.delete(k);
      this.seen.set(k, until);
    }
    while (this.seen.size > this.max) this.seen.delete(this.seen.keys().next().value!);
    return { ok: true };
  }

  /** Entries remembered now (for the tests of the bound). */
  get size(): number {
    return this.seen.size;
  }

  /** Drops expired entries from the front; one kept longer (a future timestamp) only delays those behind it, within the bound. */
  private forget(now: number): void {
    for (const [k, until] of this.seen) {
      if (until > now) break;
      this.seen.delete(k);
    }
  }
}
