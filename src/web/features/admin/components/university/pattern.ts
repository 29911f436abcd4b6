import { i18n } from '../../../../lib/i18n';

export const SAMPLE_REG_NUMBER = '21BCE10001';

/** "21BCE10001 → matches", or why it cannot say. */
export function patternVerdict(pattern: string, sample: string): string {
  let re: RegExp;
  try {
    re = new RegExp(pattern.trim());
  } catch {
    return i18n._('The pattern is not a valid regular expression.');
  }
  const number = sample.trim();
  if (!number) return i18n._('Type a registration number to try the pattern.');
  return re.test(number) ? i18n._('{number} → matches', { number }) : i18n._('{number} → does not match', { number });
}
