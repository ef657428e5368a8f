import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { HistoryReaders } from './audit/history.registry';
import type { GrantsCache } from './auth/sessions.service';
import type { CodeSender } from './notify/code-sender';
import type { ShareKinds } from './share/share.registry';

/** What every module's routes receive: the database, the configuration, the outside senders. */
export interface AppContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  codeSender: CodeSender;
  /** Per-app cache of users' grants, keyed by the authorisation epoch. */
  grants: GrantsCache;
  /** Who may read which entity's record history (areas register where they bind their routes). */
  history: HistoryReaders;
  /** What public share links may open (areas register their share kinds where they bind their routes). */
  share: ShareKinds;
}
