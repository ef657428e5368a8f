/**
 * AI lighting activities (/user-platform/aiActivity, issue #24): a kind on the publishing model.
 * An activity invites users to light their room by describing it to the AI: a title and rules in
 * Chinese and English, prompt suggestions (1–20, each in one language at least, 200 characters),
 * a 2:1 banner of the file store, the models it runs on (the targeting's, one at least) and the
 * activity's window, which is the record's window: both ends needed, as activity themes.
 * The app reads `GET app/v1/content/aiActivity?model=…`.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idValue } from '../envelope';
import { storedFileSchema } from '../files/files';
import { BANNER_SLOT_DEFS, type SlotRule } from '../appcontent/banners';
import {
  bilingualText,
  contentBody,
  contentEndpoints,
  contentRecord,
  oneOfPair,
  pairsFollow,
  resolvedItem,
} from '../appcontent/kinds';
import { fieldCode } from '../validation';

export const AI_ACTIVITY_SLOTS = ['main'] as const;
export const AI_ACTIVITY_SLOT_DEFS = {
  main: { page: '/user-platform/aiActivity', permission: 'user:platform:aiActivity:config' },
} as const;

/** The activity's banner: the home banner's rule (2:1, 750–2160 px, 2 MB). */
export const AI_ACTIVITY_IMAGE_RULE: SlotRule = BANNER_SLOT_DEFS.home.rule;
export const AI_PROMPT_LIMITS = { count: { min: 1, max: 20 }, length: 200 } as const;

const promptFields = { zh: z.string(), en: z.string() };
const aiActivityFields = {
  titleZh: z.string(),
  titleEn: z.string(),
  rulesZh: z.string(),
  rulesEn: z.string(),
  prompts: z.array(z.object(promptFields)),
  imageFileId: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
};
export const aiActivityPayloadSchema = z.object(aiActivityFields);
export type AiActivityPayload = z.infer<typeof aiActivityPayloadSchema>;
export const aiActivitySchema = contentRecord(AI_ACTIVITY_SLOTS, aiActivityFields);
export type AiActivity = z.infer<typeof aiActivitySchema>;

const promptBody = z.object({ zh: bilingualText(AI_PROMPT_LIMITS.length), en: bilingualText(AI_PROMPT_LIMITS.length) }).strict();

export const aiActivityBody = contentBody(
  {
    titleZh: bilingualText(100),
    titleEn: bilingualText(100),
    rulesZh: bilingualText(2000),
    rulesEn: bilingualText(2000),
    prompts: z.array(promptBody).min(AI_PROMPT_LIMITS.count.min).max(AI_PROMPT_LIMITS.count.max),
    imageFileId: idValue,
  },
  (v, ctx) => {
    oneOfPair('titleZh', 'titleEn', 'appContent.titleRequired')(v, ctx);
    pairsFollow(
      [
        ['titleZh', 'rulesZh'],
        ['titleEn', 'rulesEn'],
      ],
      'appDevices.textRequired',
    )(v, ctx);
    (v.prompts as { zh: string; en: string }[]).forEach((p, i) => {
      if (!p.zh && !p.en)
        ctx.addIssue({ code: 'custom', path: ['prompts', i, 'zh'], message: fieldCode('appDevices.suggestionRequired') });
    });
    for (const side of ['windowStart', 'windowEnd'] as const)
      if (!v[side]) ctx.addIssue({ code: 'custom', path: [side], message: fieldCode('appContent.activityWindow') });
    if ((v.models as string[]).length === 0)
      ctx.addIssue({ code: 'custom', path: ['models'], message: fieldCode('appDevices.modelRequired') });
  },
);
export type AiActivityBody = z.infer<typeof aiActivityBody>;

/** The item the app gets: title, rules and suggestions in its language, both languages, the banner's URLs and size. */
export const resolvedAiActivitySchema = resolvedItem(AI_ACTIVITY_SLOTS, {
  title: z.string(),
  rules: z.string(),
  suggestions: z.array(z.string()),
  titleZh: z.string(),
  titleEn: z.string(),
  rulesZh: z.string(),
  rulesEn: z.string(),
  prompts: z.array(z.object(promptFields)),
  image: z.object({ url: z.string(), thumbUrl: z.string(), width: z.number().int(), height: z.number().int() }),
});
export type ResolvedAiActivity = z.infer<typeof resolvedAiActivitySchema>;

export const aiActivityEndpoints = contentEndpoints({
  segment: 'ai-activities',
  slot: 'main',
  noun: 'AI activity',
  permission: AI_ACTIVITY_SLOT_DEFS.main.permission,
  record: aiActivitySchema,
  body: aiActivityBody,
  item: resolvedAiActivitySchema,
});

export const aiActivityImage = defineEndpoint({
  method: 'POST',
  path: `${aiActivityEndpoints.list.path}/image`,
  access: AI_ACTIVITY_SLOT_DEFS.main.permission,
  summary:
    'Store a banner for an AI activity (multipart field `file`): refused unless it is a 2:1 image, 750–2160 px wide, 2 MB at most',
  tags: ['app content'],
  write: true,
  data: storedFileSchema,
});
