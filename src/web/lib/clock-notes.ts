import { isClockNote } from '../../shared/waiting';
import { i18n } from './i18n';

/** A clock's timeline words (stored in English, src/shared/waiting.ts) in the reader's language; anything else as stored. */
export const clockNoteText = (note: string): string => (isClockNote(note) ? i18n._(note) : note);
