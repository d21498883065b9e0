// ISO 8601 dates as the API contract gives them (docs/api-contract.md), the sample API's edits take
// them and `today` is written: a date (UTC midnight) or a date-time with Z or an offset. A zoneless
// date-time would depend on the machine's zone; Date.parse alone also takes 2026-02-31 as March 3.
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d))?$/;

/** What an ISO 8601 date looks like here, for messages ("expected ..."). */
export const ISO_DATE_EXPECTED = 'an ISO 8601 date such as 2026-01-15 or 2026-01-15T09:30:00Z (a time needs Z or an offset)';

/** The instant of an ISO 8601 date or date-time with a zone, in epoch ms; NaN for anything else. */
export function isoDateMs(v: unknown): number {
  const m = typeof v === 'string' ? ISO.exec(v) : null;
  if (!m) return NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return NaN;
  return Date.parse(v as string);
}
