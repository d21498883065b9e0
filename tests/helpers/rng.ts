// Seeded random sources for tests: the same seed gives the same cases every run.
// Three generators, each kept so that every test draws, for its seed, the sequence it was
// written and checked against (a test's cases are whatever its seed produces):
//   mulberry32  the sample API's generator (src/sample-api/prng.ts), re-exported with its pick/int;
//   lcg         the 32-bit LCG of Numerical Recipes (a = 1664525, c = 1013904223, mod 2^32);
//   lcg31       the ANSI C rand() LCG (a = 1103515245, c = 12345, mod 2^31), as doubles: the product
//               passes 2^53 and is rounded, and the sequence the tests were written against is that one.
// Each returns numbers in [0, 1).

export { int, mulberry32, pick, shuffle, type Rng } from '../../src/sample-api/prng.ts';

/** The Numerical Recipes LCG: (s * 1664525 + 1013904223) mod 2^32, over 2^32. */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** The ANSI C rand() LCG: (x * 1103515245 + 12345) mod 2^31, over 2^31 (computed in doubles, as it always was here). */
export function lcg31(seed: number): () => number {
  let x = seed;
  return () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}
