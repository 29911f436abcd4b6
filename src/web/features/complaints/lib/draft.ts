/** What the complaint form holds while it is being typed (all strings, as the inputs give them). */
export interface ComplaintDraft {
  hostel: string;
  floor: string;
  roomNo: string;
  subCategory: string;
  complaint: string;
  /** In-room work (decision 47): 'yes', 'no' or '' (not answered yet). */
  entryConsent: string;
  /** The chosen ENTRY_SLOTS, comma-separated. */
  entrySlots: string;
}

export const EMPTY_DRAFT: ComplaintDraft = { hostel: '', floor: '', roomNo: '', subCategory: '', complaint: '', entryConsent: '', entrySlots: '' };

/** Any form's draft: its fields as the inputs give them. */
type TextDraft<T> = { [K in keyof T]: string };

const storageKey = (category: string) => `hcp:complaint-draft:${category}`;

const isEmpty = <T,>(draft: TextDraft<T>) => Object.values(draft).every((value) => value === '');

/**
 * Drafts live in sessionStorage (this tab only, cleared at sign-out), so what a signed-out student
 * typed survives the sign-in round trip through the identity provider. `empty` names the fields
 * (anything else stored is dropped) and is what comes back when nothing usable was kept.
 */
export function loadFormDraft<T extends TextDraft<T>>(category: string, empty: T): T {
  try {
    const raw = window.sessionStorage.getItem(storageKey(category));
    if (!raw) return empty;
    const stored = JSON.parse(raw) as unknown;
    if (typeof stored !== 'object' || stored === null) return empty;
    const record = stored as Record<string, unknown>;
    const draft: Record<string, string> = {};
    for (const field of Object.keys(empty)) draft[field] = typeof record[field] === 'string' ? record[field] : '';
    // Every field of `empty`, each a string: the shape T is.
    return isEmpty(draft) ? empty : (draft as T);
  } catch {
    return empty;
  }
}

export function saveDraft<T extends TextDraft<T>>(category: string, draft: T): void {
  try {
    if (isEmpty(draft)) window.sessionStorage.removeItem(storageKey(category));
    else window.sessionStorage.setItem(storageKey(category), JSON.stringify(draft));
  } catch {
    // Storage may be full or disabled; the form still works, the draft just is not kept.
  }
}

export const loadDraft = (category: string): ComplaintDraft => loadFormDraft(category, EMPTY_DRAFT);

export function clearDraft(category: string): void {
  try {
    window.sessionStorage.removeItem(storageKey(category));
  } catch {
    // Nothing to clear.
  }
}
