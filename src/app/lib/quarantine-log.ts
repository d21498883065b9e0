// Where the browser reports a record it left out of a page (src/api/quarantine.ts):
// the console, like the other failures a reader cannot act on (ads, side lists).
import type { Quarantined } from '../../api/quarantine.ts';

export function logQuarantined(q: Quarantined): void {
  // Only a reader's console: on the server the build has already quarantined
  // (and reported) every record of the data it renders, and stdout carries --json.
  if (typeof window === 'undefined') return;
  console.log(`left out ${q.id} of ${q.endpoint}: ${q.reason}`);
}
