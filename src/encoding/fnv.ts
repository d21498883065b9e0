// FNV-1a, 32 bits, over UTF-16 code units: a cheap stable hash where an item's place must follow
// from the item alone (snapshot runs, search index parts, corpus sub-seeds).

/** FNV-1a 32-bit of `s`, as an unsigned integer. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
