export const SAMPLE_REG_NUMBER = '21BCE10001';

/** "21BCE10001 → matches", or why it cannot say. */
export function patternVerdict(pattern: string, sample: string): string {
  let re: RegExp;
  try {
    re = new RegExp(pattern.trim());
  } catch {
    return 'The pattern is not a valid regular expression.';
  }
  if (!sample.trim()) return 'Type a registration number to try the pattern.';
  return `${sample.trim()} → ${re.test(sample.trim()) ? 'matches' : 'does not match'}`;
}
