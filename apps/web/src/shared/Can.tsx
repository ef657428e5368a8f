/**
 * Type-3 (button) permissions, one way for pages and buttons alike: `<Can permission>`
 * renders its children only when the user holds that pattern, `useCan()` answers the
 * same question in code. The layout provides the patterns from the loaded list.
 */
import type { ButtonPermission, Capability } from '@bo/contract';
import { createContext, type ReactNode, useCallback, useContext } from 'react';

/** Every type-3 pattern a button may name; a typo is a compile error. */
export type ButtonPattern = ButtonPermission | Capability;

const ButtonPermissionsContext = createContext<ReadonlySet<string>>(new Set());

export const ButtonPermissionsProvider = ButtonPermissionsContext.Provider;

export function useCan(): (permission: ButtonPattern) => boolean {
  const held = useContext(ButtonPermissionsContext);
  return useCallback((permission: ButtonPattern) => held.has(permission), [held]);
}

interface CanProps {
  permission: ButtonPattern;
  children: ReactNode;
  /** Rendered instead when the permission is missing (nothing by default). */
  fallback?: ReactNode;
}

export function Can({ permission, children, fallback = null }: CanProps) {
  return <>{useCan()(permission) ? children : fallback}</>;
}
