/** A user's own mail settings: read with defaults, saved with a version, audited. */
import type { MailSettings } from '@bo/contract/access/mail-settings';
import { sql } from 'drizzle-orm';
import { audit } from '../../../platform/audit/audit.service';
import type { RequestActor } from '../../../platform/auth/actor';
import type { AppContext } from '../../../platform/context';
import { staleVersion } from '../../../platform/errors';

const COLUMNS = sql`sender_name AS "senderName", signature, auto_signature AS "autoSignature",
  notify_on_assignment AS "notifyOnAssignment", daily_digest AS "dailyDigest", notification_email AS "notificationEmail", version`;

export async function get(ctx: AppContext, actor: RequestActor): Promise<MailSettings> {
  const r = await ctx.db.execute<MailSettings>(sql`SELECT ${COLUMNS} FROM user_mail_settings WHERE user_id = ${actor.userId}`);
  return (
    r.rows[0] ?? {
      senderName: actor.userName,
      signature: '',
      autoSignature: true,
      notifyOnAssignment: true,
      dailyDigest: false,
      notificationEmail: null,
      // Version 0: nothing saved yet; the first save must say so.
      version: 0,
    }
  );
}

export async function save(ctx: AppContext, actor: RequestActor, body: MailSettings) {
  return ctx.db.transaction(async (tx) => {
    const cur = await tx.execute<MailSettings>(
      sql`SELECT ${COLUMNS} FROM user_mail_settings WHERE user_id = ${actor.userId} FOR UPDATE`,
    );
    const before = cur.rows[0];
    if ((before?.version ?? 0) !== body.version) throw staleVersion();
    await tx.execute(sql`
      INSERT INTO user_mail_settings (user_id, sender_name, signature, auto_signature, notify_on_assignment, daily_digest, notification_email, version)
      VALUES (${actor.userId}, ${body.senderName}, ${body.signature}, ${body.autoSignature}, ${body.notifyOnAssignment}, ${body.dailyDigest}, ${body.notificationEmail}, 1)
      ON CONFLICT (user_id) DO UPDATE SET sender_name = EXCLUDED.sender_name, signature = EXCLUDED.signature,
        auto_signature = EXCLUDED.auto_signature, notify_on_assignment = EXCLUDED.notify_on_assignment,
        daily_digest = EXCLUDED.daily_digest, notification_email = EXCLUDED.notification_email,
        version = user_mail_settings.version + 1, updated_at = now()`);
    const { version: _v, ...after } = body;
    await audit(tx, actor, {
      action: 'user.mailSettings.update',
      entity: 'user',
      entityId: actor.userId,
      before: before ?? null,
      after,
    });
    return { version: body.version + 1 };
  });
}
