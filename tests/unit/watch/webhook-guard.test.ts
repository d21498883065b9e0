// The webhook's authentication (src/watch/webhook-guard.ts, docs/decisions/0104-signed-webhook-timestamps.md) on a
// clock the test sets: signatures in both forms, the timestamp's window either
// way, replays refused within the window (by signature or delivery id), the
// body-only form's limits, and the memory's bound.
import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { signBody, signTimestamped } from '../../../src/webhook/signature.ts';
import { WebhookGuard } from '../../../src/watch/webhook-guard.ts';

const SECRET = 'guard-secret';
const T0 = Date.UTC(2026, 0, 15, 12, 0, 0);
const TOLERANCE = 5 * 60_000;
const body = Buffer.from('["post:5019"]');

function setup(o: { requireTimestamp?: boolean; maxRemembered?: number } = {}) {
  const clock = { t: T0 };
  const guard = new WebhookGuard({ secret: SECRET, toleranceMs: TOLERANCE, requireTimestamp: o.requireTimestamp ?? false, now: () => clock.t, maxRemembered: o.maxRemembered });
  return { clock, guard };
}

/** The headers a timestamped sender sends at `ms` (its clock). */
const timestamped = (ms: number, b: Buffer = body, extra: IncomingHttpHeaders = {}): IncomingHttpHeaders => {
  const ts = String(Math.floor(ms / 1000));
  return { 'x-pressroom-timestamp': ts, 'x-pressroom-signature-256': signTimestamped(SECRET, ts, b), ...extra };
};

describe('the webhook guard', () => {
  it('accepts a timestamped signature within the tolerance, either side of its clock', () => {
    const { guard } = setup();
    expect(guard.check(timestamped(T0), body)).toEqual({ ok: true });
    expect(guard.check(timestamped(T0 - TOLERANCE + 1000), body)).toEqual({ ok: true });
    expect(guard.check(timestamped(T0 + TOLERANCE - 1000), body)).toEqual({ ok: true });
  });

  it('refuses a captured timestamped request sent again: 409 within the window, stale (401) after it', () => {
    const { clock, guard } = setup();
    const captured = timestamped(T0);
    expect(guard.check(captured, body).ok).toBe(true);
    clock.t += 1000;
    expect(guard.check(captured, body)).toMatchObject({ ok: false, status: 409, reason: 'replayed' });
    // Another delivery id does not make it new: the signature is what is remembered.
    expect(guard.check({ ...captured, 'x-pressroom-delivery': 'forged-id' }, body)).toMatchObject({ status: 409, reason: 'replayed' });
    clock.t = T0 + TOLERANCE + 1000;
    const stale = guard.check(captured, body);
    expect(stale).toMatchObject({ ok: false, status: 401, reason: 'stale timestamp' });
    expect(!stale.ok && stale.error).toMatch(/more than the 300 s allowed/);
  });

  it('refuses a timestamp too far ahead, and one that is not whole seconds (milliseconds included)', () => {
    const { guard } = setup();
    expect(guard.check(timestamped(T0 + TOLERANCE + 2000), body)).toMatchObject({ status: 401, reason: 'stale timestamp' });
    const ms = String(T0);
    expect(guard.check({ 'x-pressroom-timestamp': ms, 'x-pressroom-signature-256': signTimestamped(SECRET, ms, body) }, body)).toMatchObject({ status: 401, reason: 'bad timestamp' });
    expect(guard.check({ 'x-pressroom-timestamp': '1.5', 'x-pressroom-signature-256': signTimestamped(SECRET, '1.5', body) }, body)).toMatchObject({ status: 401, reason: 'bad timestamp' });
  });

  it('checks the signature before the timestamp: a forged old request is a bad signature, not a stale one', () => {
    const { guard } = setup();
    const old = timestamped(T0 - 3_600_000);
    expect(guard.check({ ...old, 'x-pressroom-signature-256': signBody(SECRET, body) }, body)).toMatchObject({ status: 401, reason: 'bad signature' });
    // A timestamp added to a body-only signature does not verify either.
    expect(guard.check({ 'x-pressroom-timestamp': String(T0 / 1000), 'x-pressroom-signature-256': signBody(SECRET, body) }, body)).toMatchObject({ reason: 'bad signature' });
  });

  it('remembers a future timestamp until its own window ends', () => {
    const { clock, guard } = setup();
    const ahead = timestamped(T0 + TOLERANCE - 1000);
    expect(guard.check(ahead, body).ok).toBe(true);
    clock.t = T0 + TOLERANCE + 60_000; // past now + tolerance, still within the timestamp's window
    expect(guard.check(ahead, body)).toMatchObject({ status: 409, reason: 'replayed' });
  });

  it('accepts the same body again with a new timestamp (two edits of one story)', () => {
    const { clock, guard } = setup();
    expect(guard.check(timestamped(T0), body).ok).toBe(true);
    clock.t += 1000;
    expect(guard.check(timestamped(clock.t), body).ok).toBe(true);
  });

  it('body-only: the same signed body is accepted again (the trade-off), unless its delivery id was seen within the window', () => {
    const { clock, guard } = setup();
    const sig = { 'x-hub-signature-256': signBody(SECRET, body) };
    expect(guard.check(sig, body).ok).toBe(true);
    expect(guard.check(sig, body).ok).toBe(true);
    const delivered = { ...sig, 'x-github-delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958' };
    expect(guard.check(delivered, body).ok).toBe(true);
    clock.t += TOLERANCE - 1;
    const again = guard.check(delivered, body);
    expect(again).toMatchObject({ ok: false, status: 409, reason: 'replayed' });
    expect(!again.ok && again.error).toMatch(/delivery 72d3162e-cc78-11e3-81ab-4c9367dc0958 was accepted already/);
    // Pressroom's own header names a delivery the same way.
    expect(guard.check({ ...sig, 'x-pressroom-delivery': 'd-1' }, body).ok).toBe(true);
    expect(guard.check({ ...sig, 'x-pressroom-delivery': 'd-1' }, body)).toMatchObject({ reason: 'replayed' });
    // Forgotten once the window has passed.
    clock.t += 2;
    expect(guard.check(delivered, body).ok).toBe(true);
  });

  it('refuses a missing signature, a wrong one, and a delivery id out of bounds', () => {
    const { guard } = setup();
    expect(guard.check({}, body)).toMatchObject({ status: 401, reason: 'missing signature' });
    expect(guard.check({ 'x-pressroom-signature-256': signBody('other', body) }, body)).toMatchObject({ status: 401, reason: 'bad signature' });
    expect(guard.check(timestamped(T0, body, { 'x-pressroom-delivery': 'x'.repeat(201) }), body)).toMatchObject({ status: 400, reason: 'bad delivery id' });
  });

  it('with requireTimestamp, refuses the body-only form however it is signed', () => {
    const { guard } = setup({ requireTimestamp: true });
    const r = guard.check({ 'x-pressroom-signature-256': signBody(SECRET, body) }, body);
    expect(r).toMatchObject({ ok: false, status: 401, reason: 'missing timestamp' });
    expect(!r.ok && r.error).toMatch(/--require-timestamp/);
    expect(guard.check(timestamped(T0), body).ok).toBe(true);
  });

  it('holds at most maxRemembered entries, forgetting the oldest first and the expired as time passes', () => {
    const { clock, guard } = setup({ maxRemembered: 3 });
    const sig = { 'x-pressroom-signature-256': signBody(SECRET, body) };
    for (const id of ['a', 'b', 'c', 'd']) expect(guard.check({ ...sig, 'x-pressroom-delivery': id }, body).ok).toBe(true);
    expect(guard.size).toBe(3);
    expect(guard.check({ ...sig, 'x-pressroom-delivery': 'd' }, body)).toMatchObject({ reason: 'replayed' });
    expect(guard.check({ ...sig, 'x-pressroom-delivery': 'a' }, body).ok).toBe(true); // dropped for the bound
    clock.t += TOLERANCE + 1;
    expect(guard.check({ ...sig, 'x-pressroom-delivery': 'e' }, body).ok).toBe(true);
    expect(guard.size).toBe(1);
  });

  it('keeps its memory per guard: two watchers do not share it', () => {
    const a = setup().guard;
    const b = setup().guard;
    const captured = timestamped(T0);
    expect(a.check(captured, body).ok).toBe(true);
    expect(b.check(captured, body).ok).toBe(true);
  });
});
