/**
 * Leaving a session: sign-out, and the end of a god-view session (back to the own
 * session whose token was kept in sessionStorage `godViewOrigin`).
 */
import { revokeSession } from '../modules/access/session/session.queries';
import { HOME_PATH, LOGIN_PATH } from '../shared/paths';
import { clearSession, readGodViewOrigin, writeGodViewOrigin, writeToken } from '../shared/session/session-storage';
import { forgetSession } from './bootstrap';
import { queryClient } from './query-client';

type Navigate = (to: string, options: { replace: boolean }) => void | Promise<void>;

/** GET logout, then clears storage and goes to /login; under god view both sessions end. */
export async function signOut(navigate: Navigate): Promise<void> {
  const origin = readGodViewOrigin();
  await revokeSession();
  if (origin) await revokeSession(origin);
  clearSession();
  await navigate(LOGIN_PATH, { replace: true });
  forgetSession(queryClient);
}

/** Ends the god-view session and resumes the own one (or signs out when it was not kept). */
export async function stopGodView(navigate: Navigate): Promise<void> {
  const origin = readGodViewOrigin();
  await revokeSession();
  if (!origin) {
    clearSession();
    await navigate(LOGIN_PATH, { replace: true });
    forgetSession(queryClient);
    return;
  }
  writeGodViewOrigin(null);
  writeToken(origin);
  forgetSession(queryClient);
  await navigate(HOME_PATH, { replace: true });
}
