/** What the complaint form holds while it is being typed (all strings, as the inputs give them). */
export interface ComplaintDraft {
  hostel: string;
  floor: string;
  roomNo: string;
  subCategory: string;
  complaint: string;
}

export const EMPTY_DRAFT: ComplaintDraft = { hostel: '', floor: '', roomNo: '', subCategory: '', complaint: '' };

const storageKey = (category: string) => `hcp:complaint-draft:${category}`;

const isEmpty = (draft: ComplaintDraft) => Object.values(draft).every((value) => value === '');

/**
 * Drafts live in sessionStorage (this tab only, cleared at sign-out), so what a signed-out student
 * typed survives the sign-in round trip through the identity provider.
 */
export function loadDraft(category: string): ComplaintDraft {
  try {
    const raw = window.sessionStorage.getItem(storageKey(category));
    if (!raw) return EMPTY_DRAFT;
    const stored = JSON.parse(raw) as unknown;
    if (typeof stored !== 'object' || stored === null) return EMPTY_DRAFT;
    const record = stored as Record<string, unknown>;
    const pick = (key: keyof ComplaintDraft) => (typeof record[key] === 'string' ? record[key] : '');
    return {
      hostel: pick('hostel'),
      floor: pick('floor'),
      roomNo: pick('roomNo'),
      subCategory: pick('subCategory'),
      complaint: pick('complaint'),
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(category: string, draft: ComplaintDraft): void {
  try {
    if (isEmpty(draft)) window.sessionStorage.removeItem(storageKey(category));
    else window.sessionStorage.setItem(storageKey(category), JSON.stringify(draft));
  } catch {
    // Storage may be full or disabled; the form still works, the draft just is not kept.
  }
}

export function clearDraft(category: string): void {
  try {
    window.sessionStorage.removeItem(storageKey(category));
  } catch {
    // Nothing to clear.
  }
}
