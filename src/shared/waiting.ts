/**
 * The timeline's words for a complaint's clock (issue 44), stored in English as the lifecycle
 * writes them and said in the reader's language where they are shown.
 */
export const CLOCK_NOTES = {
  paused: /*i18n*/ "Waiting for the student's answer: the clock is paused",
  answer: /*i18n*/ 'The student answered: the clock runs again',
  staff: /*i18n*/ 'The team started the clock again',
  status: /*i18n*/ 'No longer waiting for the student: the clock runs again',
  stopped: /*i18n*/ "No longer waiting for the student's answer",
} as const;
export type ClockNote = (typeof CLOCK_NOTES)[keyof typeof CLOCK_NOTES];

const KNOWN: ReadonlySet<string> = new Set(Object.values(CLOCK_NOTES));
/** Whether a stored note is one of these (anything else is shown as stored). */
export const isClockNote = (note: string): note is ClockNote => KNOWN.has(note);
