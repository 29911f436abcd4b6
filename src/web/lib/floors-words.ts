import { i18n } from './i18n';

/** "floor 2", "floors 1, 2 and 3", or "" for the whole hostel, in the reader's words. */
export function floorsWords(floors: readonly number[]): string {
  if (floors.length === 0) return '';
  if (floors.length === 1) return i18n._('floor {floor}', { floor: String(floors[0]) });
  const last = String(floors.at(-1));
  const list = i18n._('{first} and {last}', { first: floors.slice(0, -1).join(', '), last });
  return i18n._('floors {floors}', { floors: list });
}
