import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_DRAFT, clearDraft, loadDraft, saveDraft, type ComplaintDraft } from './draft';

/** A small in-memory sessionStorage for Node (the browser's own is tested by the e2e walk). */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** Storage that refuses everything, as a browser with storage disabled (or full) does. */
const refusing = {
  getItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
};

const typed: ComplaintDraft = { hostel: 'Block-2', floor: '3', roomNo: '312', subCategory: 'Slow', complaint: 'Wifi drops every evening.', entryConsent: 'no', entrySlots: 'evening' };
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', { sessionStorage: storage });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a complaint draft', () => {
  it('is empty when nothing was saved', () => {
    expect(loadDraft('wifi')).toEqual(EMPTY_DRAFT);
  });

  it('comes back as it was saved, per category', () => {
    saveDraft('wifi', typed);
    expect(storage.items.get('hcp:complaint-draft:wifi')).toBe(JSON.stringify(typed));
    expect(loadDraft('wifi')).toEqual(typed);
    expect(loadDraft('mess')).toEqual(EMPTY_DRAFT);
  });

  it('keeps a half-typed form, empty fields included', () => {
    const half = { ...EMPTY_DRAFT, hostel: 'Girls', complaint: 'The fan' };
    saveDraft('electricity', half);
    expect(loadDraft('electricity')).toEqual(half);
  });

  it('is removed when the form is saved empty, and by clearDraft', () => {
    saveDraft('wifi', typed);
    saveDraft('wifi', EMPTY_DRAFT);
    expect(storage.items.has('hcp:complaint-draft:wifi')).toBe(false);
    saveDraft('wifi', typed);
    saveDraft('mess', typed);
    clearDraft('wifi');
    expect(loadDraft('wifi')).toEqual(EMPTY_DRAFT);
    expect(loadDraft('mess')).toEqual(typed);
  });

  it('reads only the string fields of the form from what is stored, whatever else is there', () => {
    storage.setItem(
      'hcp:complaint-draft:wifi',
      JSON.stringify({ hostel: 'Block-2', floor: 3, roomNo: null, subCategory: ['Slow'], complaint: 'Hi', entryConsent: true, entrySlots: 'evening', studentEmail: 'x@y.z' }),
    );
    const draft = loadDraft('wifi');
    expect(draft).toEqual({ hostel: 'Block-2', floor: '', roomNo: '', subCategory: '', complaint: 'Hi', entryConsent: '', entrySlots: 'evening' });
    expect(Object.keys(draft)).toEqual(['hostel', 'floor', 'roomNo', 'subCategory', 'complaint', 'entryConsent', 'entrySlots']);
    // A stored __proto__ is just a key: nothing comes from it.
    storage.setItem('hcp:complaint-draft:wifi', '{"__proto__":{"hostel":"Block-3","complaint":"planted"}}');
    expect(loadDraft('wifi')).toEqual(EMPTY_DRAFT);
  });

  it('is empty when what is stored is not a draft', () => {
    for (const raw of ['not json', '{"hostel":', 'null', '42', '"a string"', 'true', '']) {
      storage.setItem('hcp:complaint-draft:wifi', raw);
      expect({ raw, draft: loadDraft('wifi') }).toEqual({ raw, draft: EMPTY_DRAFT });
    }
    storage.setItem('hcp:complaint-draft:wifi', '["Block-2", "3"]');
    expect(loadDraft('wifi')).toEqual(EMPTY_DRAFT);
  });

  it('never breaks the form when storage is disabled or full', () => {
    vi.stubGlobal('window', { sessionStorage: refusing });
    expect(loadDraft('wifi')).toEqual(EMPTY_DRAFT);
    expect(() => saveDraft('wifi', typed)).not.toThrow();
    expect(() => saveDraft('wifi', EMPTY_DRAFT)).not.toThrow();
    expect(() => clearDraft('wifi')).not.toThrow();
  });

  it('never breaks the form where there is no sessionStorage at all', () => {
    vi.stubGlobal('window', {});
    expect(loadDraft('wifi')).toEqual(EMPTY_DRAFT);
    expect(() => saveDraft('wifi', typed)).not.toThrow();
    expect(() => clearDraft('wifi')).not.toThrow();
  });
});
