// The article's view count (docs/pages.md, "Article"). The reader's IP comes from a third-party
// lookup only when api.ipLookup.enabled (off by default: it sends every reader's address there);
// otherwise the API counts the connection's address.
import { useEffect, useRef } from 'react';
import { ep } from '../../api/endpoints.ts';
import type { PublicConfig } from '../../config/schema.ts';
import { useSite } from '../context.tsx';
import { livePost } from '../data/live.ts';
import { liveBaseOf } from './site-urls.ts';

export interface ViewCountOptions {
  base: string;
  postId: number;
  ipLookup: PublicConfig['api']['ipLookup'];
}

/** The reader's public IP from the lookup service, or null (disabled or failed; failures are logged only). */
export async function lookupIp(ipLookup: ViewCountOptions['ipLookup']): Promise<string | null> {
  if (!ipLookup.enabled) return null;
  try {
    const res = await fetch(ipLookup.url, { headers: { accept: 'application/json' } });
    if (res.status !== 200) throw new Error(`HTTP error! Status: ${res.status}`);
    const body = (await res.json()) as { ip?: unknown };
    return typeof body.ip === 'string' && body.ip.length <= 64 ? body.ip : null;
  } catch (e) {
    console.warn(`IP lookup failed: ${(e as Error).message}`);
    return null;
  }
}

/** Record one view; throws 'HTTP error! Status: {status}' unless the API answers 200. */
export async function sendViewCount({ base, postId, ipLookup }: ViewCountOptions): Promise<void> {
  const ip = await lookupIp(ipLookup);
  const payload: { postId: number; ip_addr?: string } = { postId };
  if (ip !== null) payload.ip_addr = ip;
  const res = await livePost(base, ep.postCount(postId), payload);
  if (res.status !== 200) throw new Error(`HTTP error! Status: ${res.status}`);
}

/**
 * One view per page view after hydration: the ref survives StrictMode's replay, so one POST; another
 * article in the same instance counts too. Errors go to console.warn.
 */
export function useViewCount(postId: number | undefined): void {
  const config = useSite();
  const { api } = config;
  const base = liveBaseOf(config);
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (postId === undefined || counted.current === postId) return;
    counted.current = postId;
    sendViewCount({ base, postId, ipLookup: api.ipLookup }).catch((e: unknown) => console.warn((e as Error).message));
  }, [postId, base, api.ipLookup]);
}
