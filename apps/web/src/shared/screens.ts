import type { RoutePath } from '@bo/contract';
import type { ComponentType } from 'react';

/**
 * A module binds a catalogue route to its lazily loaded page, and nothing more: path,
 * permission, title and menu entry all come from the route catalogue.
 */
export interface ScreenDef {
  readonly path: RoutePath;
  readonly load: () => Promise<{ default: ComponentType }>;
}

export const defineScreens = (screens: readonly ScreenDef[]): readonly ScreenDef[] => screens;
