// Dates in a fixed locale and zone (en-US, UTC), so server and browser agree.

const fmt = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...o, timeZone: 'UTC' });
const SHORT = fmt({ year: 'numeric', month: 'short', day: 'numeric' });
const LONG = fmt({ year: 'numeric', month: 'long', day: 'numeric' });
const EVENT = fmt({ year: 'numeric', month: 'short', day: '2-digit' });

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'Jun 12, 2024' — articles, cards, panels (short month, day, year). */
export function formatShortDate(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? SHORT.format(d) : '';
}

/** 'June 12, 2024' — event detail (month name, day, year). */
export function formatLongDate(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? LONG.format(d) : '';
}

/** 'Jun 05, 2024' — event cards (short month, 2-digit day, year). */
export function formatEventDate(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? EVENT.format(d) : '';
}

/** Machine-readable date for <time dateTime>. */
export function isoDate(iso: string | null | undefined): string | undefined {
  const d = parse(iso);
  return d ? d.toISOString() : undefined;
}

/** First letter capitalised (topic and tag headings). */
export function capitalise(s: string): string {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}
