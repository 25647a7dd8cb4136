/** UTC calendar days as `YYYY-MM-DD` strings: how periods, leave and the kitchen's daily figures name a day. */

/** The UTC calendar day of a moment, `YYYY-MM-DD`. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `day` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000);
}

/** The moment `day` begins (UTC midnight). */
export function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}
