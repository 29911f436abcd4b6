import { useEffect, useRef, useState, type RefObject } from 'react';

/** What a card needs from its page to keep its confirmation and focus when it changes lists. */
export interface CardNote {
  message: string | null;
  onMessage: (message: string | null) => void;
  /** Retired or brought back a moment ago. */
  moved: boolean;
  onMoved: () => void;
}

/**
 * Confirmations of cards that move between the "in use" and "retired" lists. Moving a card makes
 * React draw a new one, so the page, not the card, keeps each card's message and which card moved.
 */
export function useCardNotes(): (id: string) => CardNote {
  const [messages, setMessages] = useState<Record<string, string>>({});
  const [moved, setMoved] = useState<string | null>(null);
  return (id) => ({
    message: messages[id] ?? null,
    onMessage: (message) =>
      setMessages((all) => {
        const { [id]: _old, ...rest } = all;
        return message === null ? rest : { ...rest, [id]: message };
      }),
    moved: moved === id,
    onMoved: () => setMoved(id),
  });
}

/** The Retire / Bring back button the admin pressed left with the old card; focus follows it to the new one. */
export function useFocusWhenMoved(moved: boolean): RefObject<HTMLButtonElement | null> {
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (moved) toggle.current?.focus();
  }, [moved]);
  return toggle;
}
