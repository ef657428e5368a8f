import type { RoutePath } from '@bo/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { type TextsLoader, withTexts } from './i18n/module-texts';

/**
 * A module binds a catalogue route to its lazily loaded page, and nothing more: path,
 * permission, title and menu entry all come from the route catalogue.
 */
export interface ScreenDef {
  readonly path: RoutePath;
  readonly load: () => Promise<{ default: ComponentType }>;
  /**
   * Optional: starts the screen's first data calls while the screen's chunk is still
   * loading. It joins the entry, so keep it to the query options (the dashboard's cost
   * 6 kB gzip, and save a round trip on the page users land on); load chart or page code
   * from it with dynamic imports only. Called twice on a first navigation: `speculative` beside the session
   * calls, before the guard knows whether the user may open the screen (so its calls must
   * be quiet: no message, no trip to /login; the server still checks every permission),
   * then `allowed` once the guard lets the screen open (a no-op for queries already
   * fetched or in flight).
   */
  readonly prefetch?: (client: QueryClient, url: URL, mode: PrefetchMode) => void;
}

export type PrefetchMode = 'speculative' | 'allowed';

/** `texts`: the module texts its screens need (see shared/i18n/module-texts), loaded beside each page. */
export const defineScreens = (
  screens: readonly ScreenDef[],
  options: { texts?: readonly TextsLoader[] } = {},
): readonly ScreenDef[] => {
  const { texts } = options;
  return texts?.length ? screens.map((s) => ({ ...s, load: withTexts(texts, s.load) })) : screens;
};
