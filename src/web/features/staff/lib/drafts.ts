import { useCallback, useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { randomUuid } from '../../../lib/uuid';

/**
 * What a worker typed for one complaint (a reply or internal note, the status note), kept in
 * localStorage until the server confirmed it: it survives a failed request, a reload and a closed
 * tab. `key` is the Idempotency-Key of the last send and `sentAs` the payload it was made for, so
 * sending the same draft again (a retry, after a reload too) reuses it.
 */
export interface StoredDraft {
  text: string;
  internal?: boolean;
  key?: string;
  sentAs?: string;
}

export type DraftKind = 'reply' | 'status';

const PREFIX = 'hcp:staff-draft:';
const storageKey = (number: string, kind: DraftKind) => `${PREFIX}${number}:${kind}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Storage switched off: the draft lives as long as the page.
  }
}

export function readDraft(number: string, kind: DraftKind): StoredDraft | null {
  try {
    const raw = storage()?.getItem(storageKey(number, kind));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredDraft> | null;
    if (!value || typeof value.text !== 'string') return null;
    return {
      text: value.text,
      internal: value.internal === true,
      ...(typeof value.key === 'string' ? { key: value.key } : {}),
      ...(typeof value.sentAs === 'string' ? { sentAs: value.sentAs } : {}),
    };
  } catch {
    return null;
  }
}

export function writeDraft(number: string, kind: DraftKind, draft: StoredDraft): void {
  try {
    const store = storage();
    if (!store) return;
    if (draft.text === '' && !draft.key) store.removeItem(storageKey(number, kind));
    else store.setItem(storageKey(number, kind), JSON.stringify(draft));
  } catch {
    // Full or switched off: nothing more to do; the text is still in the form.
  }
}

export function clearDraft(number: string, kind: DraftKind): void {
  try {
    storage()?.removeItem(storageKey(number, kind));
  } catch {
    // See writeDraft.
  }
}

/**
 * A draft held in state and mirrored to localStorage on every change. `keyFor(payload)` gives the
 * Idempotency-Key for sending `payload`: the stored one when this very payload was sent before,
 * else a new one (stored at once, before the request leaves). `clear` after the server confirmed.
 */
export function useDraft(number: string, kind: DraftKind) {
  const [draft, setDraftState] = useState<StoredDraft>(() => readDraft(number, kind) ?? { text: '', internal: false });

  const setDraft = useCallback(
    (change: Partial<StoredDraft>) => {
      setDraftState((previous) => {
        const next = { ...previous, ...change };
        writeDraft(number, kind, next);
        return next;
      });
    },
    [number, kind],
  );

  const keyFor = useCallback(
    (payload: unknown): string => {
      const sentAs = JSON.stringify(payload);
      const stored = readDraft(number, kind) ?? draft;
      if (stored.key && stored.sentAs === sentAs) return stored.key;
      const key = randomUuid();
      const next = { ...draft, key, sentAs };
      writeDraft(number, kind, next);
      setDraftState(next);
      return key;
    },
    [number, kind, draft],
  );

  const clear = useCallback(() => {
    clearDraft(number, kind);
    setDraftState({ text: '', internal: false });
  }, [number, kind]);

  return { draft, setDraft, keyFor, clear, restored: draft.text !== '' };
}

/**
 * Mirrors what is typed in `form` into the draft (`toDraft` says which parts), so a form on
 * react-hook-form keeps its text on this device as the draft's own state did. The form starts
 * from the draft (its default values); `clear` and a `reset` of the form go together.
 */
export function useMirrorToDraft<T extends FieldValues, P>(
  form: UseFormReturn<T, unknown, P>,
  setDraft: (change: Partial<StoredDraft>) => void,
  toDraft: (values: T) => Partial<StoredDraft>,
): void {
  const { subscribe } = form;
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ values }) => setDraft(toDraft(values)) }), [subscribe, setDraft, toDraft]);
}
