import { useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint (64rem): a desk, where the queue is a dense table. */
const DESK = '(min-width: 64rem)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(DESK);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useIsDesk(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(DESK).matches,
    () => false,
  );
}
