// vi.waitFor gives up after 1 s by default: a speed assumption that a loaded 2-core machine breaks.
// A unit test passes this instead, so that only a condition that never comes ends the wait (and the
// test's hang limit in vitest.config.ts stays the one that counts).
export const WAIT = { timeout: 60_000, interval: 20 } as const;
