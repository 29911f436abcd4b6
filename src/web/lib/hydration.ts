import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while a prerendered page is being hydrated (and while prerendering), true once React owns
 * the page. Forms stay disabled until then: typing into or submitting a form that no code is
 * listening to yet would lose the input or send it nowhere.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
