export interface DerivedNames {
  /** The display name without the registration number. */
  name: string;
  /** First word of the name with only its first letter capital ("AARAV" → "Aarav"). */
  fname: string;
  /** The registration number, upper-cased; empty when the display name carries none. */
  regId: string;
}

/**
 * Longest last word that is tried as a registration number (they are about ten characters). The
 * pattern is the administrator's and the display name the user's: never run one on a long text.
 */
export const REG_ID_MAX_LENGTH = 64;

/**
 * University accounts are named "Aarav Sharma 21BCE10001". The original app cut the last 11
 * characters blindly; here the last word is taken as the registration number only when it matches
 * the university's pattern, so staff names ("Priya Nair") stay whole.
 */
export function deriveNames(displayName: string, regNumberPattern: RegExp): DerivedNames {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  let regId = '';
  const last = words.at(-1);
  if (last && last.length <= REG_ID_MAX_LENGTH && regNumberPattern.test(last)) {
    regId = last.toUpperCase();
    words.pop();
  }
  const name = words.join(' ');
  return { name, fname: firstName(words), regId };
}

/**
 * Titles that come before a name, in English and Indian use, compared without their dot. The chip
 * in the header says "Kavita", not "Dr.", for "Dr. Kavita Joshi".
 */
const HONORIFICS = new Set([
  'dr', 'prof', 'mr', 'mrs', 'ms', 'miss', 'mx', 'sir', 'shri', 'shree', 'smt', 'shrimati', 'kum', 'km', 'adv',
]);
/**
 * Words that are titles only when written with their dot: without one they are given names as often
 * ("Sri Harsha", "Kumari Selja", "Er" is rare but "Er." is the engineers' title).
 */
const HONORIFICS_WITH_DOT = new Set(['sri', 'kumari', 'er']);
/** A title glued to the name by its dot ("Dr.Kavita"). */
const GLUED_HONORIFIC = /^([\p{L}]+)\.(?=\p{L})/u;

const isHonorific = (word: string) => {
  const bare = word.replace(/\.$/, '').toLowerCase();
  return HONORIFICS.has(bare) || (word.endsWith('.') && HONORIFICS_WITH_DOT.has(bare));
};

/**
 * The first word of a name that is not a title, with only its first letter capital; a name made
 * of titles alone keeps its first word rather than becoming empty.
 */
export function firstName(words: readonly string[]): string {
  const unglued = words.flatMap((word) => {
    const glued = GLUED_HONORIFIC.exec(word);
    return glued?.[1] && isHonorific(glued[1]) ? [`${glued[1]}.`, word.slice(glued[0].length)] : [word];
  });
  const first = unglued.find((word) => !isHonorific(word)) ?? unglued[0] ?? '';
  return first ? first.charAt(0).toUpperCase() + first.slice(1).toLowerCase() : '';
}
