/**
 * The title a page shows when the route catalogue's title does not say enough (one route
 * for "new" and "edit"): the page declares its heading here and the layout shows the
 * same words in the breadcrumb and the browser tab, so the three never disagree.
 */
import { useEffect, useSyncExternalStore } from 'react';

let current: string | null = null;
const listeners = new Set<() => void>();
const publish = (title: string | null) => {
  current = title;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Called by a page with its heading; cleared when the page goes. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    publish(title);
    return () => publish(null);
  }, [title]);
}

/** The heading the current page declared, or null (the layout then uses the catalogue's title). */
export const useDeclaredPageTitle = () =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
