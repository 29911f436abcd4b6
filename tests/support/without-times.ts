/**
 * Dates and times as the portal writes them: ISO in JSON ("2026-11-27T03:11:44.318Z"), and a day
 * with a time in CSV files ("2026-11-27 08:41"). Their digits can spell whatever a test looks for
 * (room "318" in "…:44.318Z"), so a check that a room or a roll number is absent reads the text
 * with them taken out.
 */
const TIMES = /\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?)?/g;

export function withoutTimes(text: string): string {
  return text.replace(TIMES, '<time>');
}
