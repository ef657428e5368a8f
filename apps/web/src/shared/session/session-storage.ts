/**
 * Everything the app keeps in the browser's storage, under the keys of spec §3.
 * localStorage outlives the tab (the session itself); sessionStorage holds what belongs
 * to one tab only (where to go after sign-in, the god-view origin, the two-code flag).
 */
import type { CurrentUser } from '@bo/contract/access/session';

/** localStorage keys of spec §3, plus the chosen language. */
export const STORAGE_KEYS = {
  token: 'token',
  email: 'email',
  userId: 'userId',
  employeeId: 'employeeId',
  userName: 'userName',
  timeZoneOffset: 'timeZoneOffset',
  zoneId: 'zoneId',
  country: 'country',
  lang: 'lang',
} as const;

/** sessionStorage keys. */
export const TAB_KEYS = {
  /** Path + query to open after sign-in (saved by the guard and by a 401). */
  loginRedirect: 'loginRedirect',
  /** The own token kept while a god-view session is active, restored by "stop god view". */
  godViewOrigin: 'godViewOrigin',
  /** Set once when a sign-in link carries `twoCodeLogin` (spec §2.1). */
  twoCodeLogin: 'twoCodeLogin',
} as const;

const USER_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.email,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.employeeId,
  STORAGE_KEYS.userName,
  STORAGE_KEYS.timeZoneOffset,
  STORAGE_KEYS.zoneId,
  STORAGE_KEYS.country,
] as const;

/** Storage can be missing (tests, locked-down browsers) or throw (quota, privacy mode). */
function store(kind: 'local' | 'session'): Storage | null {
  try {
    const s = kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    return s ?? null;
  } catch {
    return null;
  }
}

export function readItem(kind: 'local' | 'session', key: string): string | null {
  try {
    return store(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(kind: 'local' | 'session', key: string, value: string | null): void {
  try {
    const s = store(kind);
    if (value === null) s?.removeItem(key);
    else s?.setItem(key, value);
  } catch {
    // A full or blocked storage must not break sign-in; the session still works in memory.
  }
}

export const readToken = (): string | null => readItem('local', STORAGE_KEYS.token);
export const writeToken = (token: string): void => writeItem('local', STORAGE_KEYS.token, token);

/** Difference between the server's clock (its Date header) and the local clock, in ms. */
export function clockOffsetMs(serverDate: string | null, now: number = Date.now()): number {
  const server = serverDate ? Date.parse(serverDate) : Number.NaN;
  return Number.isFinite(server) ? server - now : 0;
}

/** Keeps the user keys of spec §3 after sign-in and whenever the profile is reloaded. */
export function rememberUser(user: CurrentUser, timeZoneOffsetMs?: number): void {
  writeItem('local', STORAGE_KEYS.email, user.email ?? '');
  writeItem('local', STORAGE_KEYS.userId, String(user.id));
  writeItem('local', STORAGE_KEYS.employeeId, user.employeeId ?? '');
  writeItem('local', STORAGE_KEYS.userName, user.userName);
  writeItem('local', STORAGE_KEYS.zoneId, user.zoneId);
  writeItem('local', STORAGE_KEYS.country, user.country);
  if (timeZoneOffsetMs !== undefined) writeItem('local', STORAGE_KEYS.timeZoneOffset, String(timeZoneOffsetMs));
}

/** Removes the token and the user keys (the language and screen preferences stay). */
export function clearSession(): void {
  for (const key of USER_KEYS) writeItem('local', key, null);
  writeItem('session', TAB_KEYS.godViewOrigin, null);
}

/** Paths that never make sense as a place to return to after sign-in. */
const NOT_A_TARGET = new Set(['/login', '/register', '/godView']);

/**
 * Saves where to go after sign-in. When the current page is itself a sign-in page, the
 * target saved earlier is kept: it is the "redirect target" that page was opened for.
 */
export function saveLoginRedirect(pathWithQuery: string): void {
  const path = pathWithQuery.split('?')[0] ?? '';
  if (NOT_A_TARGET.has(path) || path === '/' || path === '') return;
  writeItem('session', TAB_KEYS.loginRedirect, pathWithQuery);
}

/** Reads and forgets the saved target. */
export function takeLoginRedirect(): string | null {
  const target = readItem('session', TAB_KEYS.loginRedirect);
  writeItem('session', TAB_KEYS.loginRedirect, null);
  return target?.startsWith('/') && !target.startsWith('//') ? target : null;
}

export const readGodViewOrigin = (): string | null => readItem('session', TAB_KEYS.godViewOrigin);
export const writeGodViewOrigin = (token: string | null): void => writeItem('session', TAB_KEYS.godViewOrigin, token);

export const readTwoCodeLogin = (): boolean => readItem('session', TAB_KEYS.twoCodeLogin) === '1';
export const writeTwoCodeLogin = (): void => writeItem('session', TAB_KEYS.twoCodeLogin, '1');
