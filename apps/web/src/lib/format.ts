/** Display formatting for the web client. */

const rtf = typeof Intl !== 'undefined' ? new Intl.RelativeTimeFormat('en', { numeric: 'auto' }) : null;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago"; anything under the minimum period of 60 s (spec 001 §9) reads "just now". */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < 60 || !rtf) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** A field name from its label: "Company name" → "companyName", "URL" → "url", "2nd goal!" → "field2ndGoal". */
export function toFieldName(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const name = words
    .map((w, i) => {
      if (i > 0) return w.charAt(0).toUpperCase() + w.slice(1);
      // an acronym first ("URL") reads better fully lower-cased: urlWebsite
      return w === w.toUpperCase() ? w.toLowerCase() : w.charAt(0).toLowerCase() + w.slice(1);
    })
    .join('');
  if (!name) return '';
  return /^[0-9]/.test(name) ? `field${name.charAt(0).toUpperCase()}${name.slice(1)}` : name;
}

/** A whole number with thousands separators: 12345 → "12,345". */
export function formatInteger(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** A UTC calendar day "YYYY-MM-DD" as "Mar 5" (or "Mar 5, 2024" with `withYear`). */
export function formatDay(day: string, withYear = false): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}
