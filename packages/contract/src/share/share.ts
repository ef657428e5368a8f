/**
 * Public share links (issue #21; platform/share on the server, apps/server/README.md "Share
 * links"): a signed-in user makes an expiring, revocable link to one read-only view of one
 * record; anyone holding the link reads that view without a session until it expires or is
 * revoked. The views are the areas' share kinds (a project, a data view, a chat task): each
 * names the permission needed to make a link and reads the record for the link's account.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, pageSchema, pagingQuery } from '../envelope';

/** A share kind's name, e.g. `project`, `data-view`, `chat-task` (the areas register them). */
export const shareKindSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,39}$/);

/** The shared record's id in its area's terms. */
export const shareEntityIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/);

/** How long a link lives: the creator picks 1 hour to 30 days; 7 days when not said. */
export const SHARE_HOURS = { min: 1, max: 30 * 24, default: 7 * 24 } as const;

export const createShareBodySchema = z.object({
  kind: shareKindSchema,
  entityId: shareEntityIdSchema,
  expiresInHours: z.number().int().min(SHARE_HOURS.min).max(SHARE_HOURS.max).default(SHARE_HOURS.default),
});

/** A link as its creator and the record's managers see it: never the token. */
export const shareLinkSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  entityId: z.string(),
  /** active: opens; expired / revoked: answers 404 to everyone. */
  state: z.enum(['active', 'expired', 'revoked']),
  createdBy: z.object({ id: z.number().int(), name: z.string() }),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  lastUsedAt: z.string().nullable(),
  useCount: z.number().int(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

const tags = ['share'];

export const createShareLink = defineEndpoint({
  method: 'POST',
  path: 'share/links',
  access: 'login',
  summary:
    'Make a share link to one record’s read-only view: the caller needs the kind’s permission and must see the record. The token is answered once, here; only its SHA-256 is kept',
  tags,
  write: true,
  body: createShareBodySchema,
  data: z.object({
    id: z.number().int(),
    /** 32 random bytes, base64url: shown to the creator once. */
    token: z.string(),
    /** The in-app address that opens the view: the kind’s public route with `?share=<token>`. */
    url: z.string(),
    expiresAt: z.string(),
  }),
});

export const myShareLinks = defineEndpoint({
  method: 'GET',
  path: 'share/links/mine',
  access: 'login',
  summary: 'The links the caller made, newest first (tokens are never shown again)',
  tags,
  query: z.object(pagingQuery),
  data: pageSchema(shareLinkSchema),
});

export const entityShareLinks = defineEndpoint({
  method: 'GET',
  path: 'share/links/{kind}/{entityId}',
  access: 'login',
  summary:
    'The links of one record made in the caller’s account, newest first: needs the kind’s permission and a record the caller sees (404 otherwise)',
  tags,
  params: z.object({ kind: shareKindSchema, entityId: shareEntityIdSchema }),
  query: z.object(pagingQuery),
  data: pageSchema(shareLinkSchema),
});

export const revokeShareLink = defineEndpoint({
  method: 'POST',
  path: 'share/links/{id}/revoke',
  access: 'login',
  summary:
    'Revoke a link: its creator, or a holder of the kind’s permission in the same account (404 for another account’s); the next read of it answers 404. Revoking twice keeps the first revocation',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: shareLinkSchema,
});

export const readSharedView = defineEndpoint({
  method: 'GET',
  path: 'public/share/{token}',
  access: 'public',
  summary:
    'The read-only view a share link opens, without a session. An unknown, expired, revoked or altered token answers the same 404; an address that tries too many unknown tokens is held back (429)',
  tags,
  // Any text: a malformed token is answered like an unknown one (404), never with a 400.
  params: z.object({ token: z.string() }),
  data: z.object({
    kind: z.string(),
    entityId: z.string(),
    expiresAt: z.string(),
    /** The kind’s view of the record (each kind declares its shape). */
    data: z.unknown(),
  }),
});
