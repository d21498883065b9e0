// Seeded randomness for the corpus. The corpus must be byte-for-byte equal for
// one (seed, size, today), so nothing here reads the clock or Math.random.
// mulberry32 is tiny, fast and good enough for test data (not for crypto).

import { fnv1a } from '../encoding/fnv.ts';

export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An independent stream for one record, so lazily generated bodies do not depend on generation order. */
export function rngFor(seed: number, ...parts: (string | number)[]): Rng {
  return mulberry32(fnv1a(`${seed}:${parts.join(':')}`));
}

export function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

export function chance(rng: Rng, p: number): boolean {
  return rng() < p;
}

/** Fisher-Yates in place, driven by the seeded stream. */
export function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** Lowercase [a-z0-9-] slug, cut on a word boundary (the normal corpus's slug rule). */
export function slugify(text: string, maxLen = 80): string {
  // normalize() is slow; only non-ASCII text (e.g. "Tomás") needs accents folded.
  // eslint-disable-next-line no-control-regex
  const folded = /[^\u0000-\u007f]/.test(text) ? text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : text;
  let s = folded
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (s.length > maxLen) s = s.slice(0, maxLen).replace(/-[^-]*$/, '');
  return s || 'untitled';
}
