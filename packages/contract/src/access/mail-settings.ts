import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { fieldCode } from '../validation';

const tags = ['users'];

export const mailSettingsSchema = z.object({
  /** Name shown as the sender of replies written by this user. */
  senderName: z.string().trim().max(64),
  /** Plain text; appended to replies when autoSignature is on. */
  signature: z.string().max(2000),
  autoSignature: z.boolean(),
  /** Mail this user when a dialogue is assigned to them. */
  notifyOnAssignment: z.boolean(),
  /** A morning summary of open dialogues near their reply deadline. */
  dailyDigest: z.boolean(),
  /** Where notifications go; null: the e-mail of the profile. */
  notificationEmail: z.email(fieldCode('notAnEmail')).max(254).nullable(),
  version: z.number().int(),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;

export const getMailSettings = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/users/mailSettings',
  access: 'user:email',
  summary: "The caller's own mail settings (defaults until first saved)",
  tags,
  data: mailSettingsSchema,
});

export const updateMailSettings = defineEndpoint({
  method: 'PUT',
  path: 'user/rest/v1/users/mailSettings',
  access: 'user:email:edit',
  summary: "Save the caller's own mail settings (409 when the version is stale)",
  tags,
  write: true,
  body: mailSettingsSchema.strict(),
  data: z.object({ version: z.number().int() }),
});
