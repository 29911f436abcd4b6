import safeRegex from 'safe-regex2';
import { isRegExpSource } from './catalog.js';

/**
 * Patterns an administrator gives (the registration-number pattern) run against text a user
 * controls (the display name) at every sign-in. A pattern that backtracks catastrophically,
 * `^(a+)+$` say, would block the server on one crafted name, so such patterns are refused when
 * saved (admin console) and at start-up (REG_NUMBER_PATTERN). Kept apart from `catalog.ts`, which
 * the web app's first download imports: only the admin console needs this.
 */

export const UNSAFE_REGEXP_HINT = 'avoid repeating a group that repeats or offers a choice, such as (a+)+ or (a|b)*';
// Written out (not built from the hint) so the catalogues have it: admins read it in their language.
export const UNSAFE_REGEXP_MESSAGE = /*i18n*/ 'Too slow to match safely: avoid repeating a group that repeats or offers a choice, such as (a+)+ or (a|b)*';

/**
 * Whether a group that offers a choice (`|`) is repeated (`*`, `+`, `{2,}`…). Overlapping choices
 * backtrack exponentially (`^(a|a)*$`), which safe-regex2's star-height check does not see; a
 * registration number never needs this, so any such group is refused rather than analysed.
 */
function repeatsAChoice(source: string): boolean {
  // For each open group: whether it (or a group inside it) has a `|`.
  const open: boolean[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '[') {
      // A character class: `|`, `(` and `)` inside it are literal.
      i += 1;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      i += 1;
      continue;
    }
    if (c === '(') open.push(false);
    else if (c === '|' && open.length > 0) open[open.length - 1] = true;
    else if (c === ')') {
      const hasChoice = open.pop() ?? false;
      if (hasChoice) {
        if (open.length > 0) open[open.length - 1] = true;
        // `*`, `+`, `{n,}`, or `{n}` / `{n,m}` allowing more than one; `?` and `{0,1}` are harmless.
        const quantifier = /^(?:([*+])|\{(\d+)(?:(,)(\d*))?\})/.exec(source.slice(i + 1));
        if (quantifier) {
          const [, unbounded, least, comma, most] = quantifier;
          const upTo = unbounded || (comma && !most) ? Infinity : Number(comma ? most : least);
          if (upTo > 1) return true;
        }
      }
    }
    i += 1;
  }
  return false;
}

/**
 * A valid regular expression that cannot backtrack catastrophically: no nested repetition
 * (safe-regex2, star height at most one and at most 25 repetitions) and no repeated choice.
 * Syntax safe-regex2 cannot read (lookbehind) is refused too: when in doubt, refuse.
 */
export function isSafeRegExpSource(source: string): boolean {
  return isRegExpSource(source) && safeRegex(source) && !repeatsAChoice(source);
}
