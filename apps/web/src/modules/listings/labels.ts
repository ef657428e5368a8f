/** Typed translation keys for the coded values the listings screens show. */
const LIFECYCLE = ['notLaunched', 'launched', 'eol'] as const;
export const lifecycleKey = (n: number) => `listings.common.lifecycle.${LIFECYCLE[n] ?? 'launched'}` as const;
export const statusKey = (n: number) => `listings.common.status.${n === 0 ? 'inactive' : 'active'}` as const;
