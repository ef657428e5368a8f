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
   * Optional: starts the screen's first data calls as soon as the route is matched and
   * the session allows it, so they run while the screen's chunk is still loading. Keep it
   * a dynamic import of the module that knows the queries, so nothing joins the entry.
   */
  readonly prefetch?: (client: QueryClient, url: URL) => void;
}

/** `texts`: the module texts its screens need (see shared/i18n/module-texts), loaded beside each page. */
export const defineScreens = (
  screens: readonly ScreenDef[],
  options: { texts?: readonly TextsLoader[] } = {},
): readonly ScreenDef[] => {
  const { texts } = options;
  return texts?.length ? screens.map((s) => ({ ...s, load: withTexts(texts, s.load) })) : screens;
};
