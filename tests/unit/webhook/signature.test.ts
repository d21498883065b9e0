import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signBody, signTimestamped, verifySignature, verifyTimestamped } from '../../../src/webhook/signature.ts';

describe('webhook signatures (HMAC-SHA256, sha256=<hex>)', () => {
  const body = '["post:5019"]';
  it('signs as GitHub does: sha256= and the hex HMAC of the raw body', () => {
    expect(signBody('s3cret', body)).toBe(`sha256=${createHmac('sha256', 's3cret').update(body).digest('hex')}`);
  });
  it('accepts the right signature, in either hex case', () => {
    const sig = signBody('s3cret', body);
    expect(verifySignature('s3cret', body, sig)).toBe(true);
    expect(verifySignature('s3cret', Buffer.from(body), sig.toUpperCase().replace('SHA256=', 'sha256='))).toBe(true);
  });
  it('rejects a wrong secret, a changed body, a missing or malformed header', () => {
    const sig = signBody('s3cret', body);
    expect(verifySignature('other', body, sig)).toBe(false);
    expect(verifySignature('s3cret', `${body} `, sig)).toBe(false);
    expect(verifySignature('s3cret', body, undefined)).toBe(false);
    expect(verifySignature('s3cret', body, sig.slice(7))).toBe(false);
    expect(verifySignature('s3cret', body, 'sha256=abc')).toBe(false);
    expect(verifySignature('s3cret', body, `sha256=${'z'.repeat(64)}`)).toBe(false);
  });
});

describe('timestamped webhook signatures (HMAC-SHA256 of "<timestamp>.<body>")', () => {
  const body = '["post:5019"]';
  it('signs as Stripe does: the timestamp, a dot and the raw body', () => {
    expect(signTimestamped('s3cret', 1767225600, body)).toBe(`sha256=${createHmac('sha256', 's3cret').update(`1767225600.${body}`).digest('hex')}`);
  });
  it('accepts the right signature for that timestamp only, and is not a body-only signature', () => {
    const sig = signTimestamped('s3cret', '1767225600', body);
    expect(verifyTimestamped('s3cret', '1767225600', Buffer.from(body), sig)).toBe(true);
    expect(verifyTimestamped('s3cret', '1767225601', body, sig)).toBe(false);
    expect(verifyTimestamped('other', '1767225600', body, sig)).toBe(false);
    expect(verifyTimestamped('s3cret', '1767225600', body, signBody('s3cret', body))).toBe(false);
    expect(verifySignature('s3cret', body, sig)).toBe(false);
    expect(verifyTimestamped('s3cret', '1767225600', body, undefined)).toBe(false);
  });
});
