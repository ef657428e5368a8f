/**
 * `useSearchParams` whose updates build on the latest query string.
 *
 * react-router's functional update (`setSearchParams((current) => …)`) hands `current` from the
 * render the handler was made in. Two updates before React renders again (a click on "week",
 * then at once on "by shop", on a busy machine) make the second start from the old string and
 * drop the first: the URL said `rows=shop` without `granularity=week`. Here an update not yet
 * rendered is remembered, and the next one builds on it until the new location is rendered.
 */
import { useCallback, useEffect } from 'react';
import { type NavigateOptions, useLocation, useSearchParams } from 'react-router';

/** The last written query string, while the render still shows the one it was written over. */
let pending: { path: string; from: string; to: string } | null = null;

export function useLatestSearchParams() {
  const [params, setParams] = useSearchParams();
  const { pathname, search, key } = useLocation();
  // A rendered location is the latest: what was pending is in it (or was left behind).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new location
  useEffect(() => {
    pending = null;
  }, [key]);
  const update = useCallback(
    (next: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const here = search.startsWith('?') ? search.slice(1) : search;
      const base = pending && pending.path === pathname && pending.from === here ? pending.to : here;
      const written = next(new URLSearchParams(base));
      pending = { path: pathname, from: here, to: written.toString() };
      setParams(written, options);
    },
    [pathname, search, setParams],
  );
  return [params, update] as const;
}
