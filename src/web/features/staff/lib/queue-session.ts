/**
 * The complaint numbers of the queue view last shown, kept in sessionStorage so a complaint's
 * page can offer "Next complaint" in the same view (and the same tab) after an action.
 */
const KEY = 'hcp:staff-queue';

export interface QueueSession {
  /** The view's address parameters (see filtersToParams). */
  search: string;
  numbers: string[];
}

export function rememberQueue(session: QueueSession): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(session));
  } catch {
    // Storage switched off: no "Next complaint" then.
  }
}

export function recalledQueue(): QueueSession | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<QueueSession> | null;
    if (!value || typeof value.search !== 'string' || !Array.isArray(value.numbers)) return null;
    return { search: value.search, numbers: value.numbers.filter((n): n is string => typeof n === 'string') };
  } catch {
    return null;
  }
}

/** The number after `current` in `numbers` (null at the end or when it is not there). */
export function nextNumber(numbers: readonly string[], current: string): string | null {
  const index = numbers.indexOf(current);
  return index === -1 ? null : (numbers[index + 1] ?? null);
}
