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
  const first = words[0] ?? '';
  const fname = first ? first.charAt(0).toUpperCase() + first.slice(1).toLowerCase() : '';
  return { name, fname, regId };
}
