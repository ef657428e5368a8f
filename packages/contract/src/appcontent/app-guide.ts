/**
 * The app's guides (/user-platform/appGuide, issue #24): a kind on the publishing model. Each
 * guide is a title in Chinese and English, its ordered steps (1–20, each a text in Chinese and
 * English, one of them needed) and an optional topic, with the model's targeting, window and order.
 */
import { z } from 'zod';
import { fieldCode } from '../validation';
import { bilingualText, contentBody, contentEndpoints, contentRecord, oneOfPair, resolvedItem } from './kinds';

export const APP_GUIDE_SLOTS = ['main'] as const;
export type AppGuideSlot = (typeof APP_GUIDE_SLOTS)[number];
export const APP_GUIDE_TOPICS = ['pairing', 'scenes', 'account', 'other'] as const;
export type AppGuideTopic = (typeof APP_GUIDE_TOPICS)[number];
export const APP_GUIDE_MAX_STEPS = 20;

export const APP_GUIDE_SLOT_DEFS = {
  main: { page: '/user-platform/appGuide', permission: 'user:platform:appGuide:config' },
} as const;

const stepFields = { textZh: z.string(), textEn: z.string() };
const appGuideFields = {
  titleZh: z.string(),
  titleEn: z.string(),
  /** The steps in the order the app shows them. */
  steps: z.array(z.object(stepFields)),
  /** The topic the app files the guide under; null: none. */
  topic: z.enum(APP_GUIDE_TOPICS).nullable(),
};
export const appGuidePayloadSchema = z.object(appGuideFields);
export type AppGuidePayload = z.infer<typeof appGuidePayloadSchema>;

export const appGuideSchema = contentRecord(APP_GUIDE_SLOTS, appGuideFields);
export type AppGuide = z.infer<typeof appGuideSchema>;

const stepBody = z.object({ textZh: bilingualText(1000), textEn: bilingualText(1000) }).strict();

export const appGuideBody = contentBody(
  {
    titleZh: bilingualText(200),
    titleEn: bilingualText(200),
    steps: z.array(stepBody).min(1).max(APP_GUIDE_MAX_STEPS),
    topic: z.enum(APP_GUIDE_TOPICS).nullable().default(null),
  },
  (v, ctx) => {
    oneOfPair('titleZh', 'titleEn', 'appContent.titleRequired')(v, ctx);
    // Every step says something, in one language at least.
    (v.steps as z.output<typeof stepBody>[]).forEach((s, i) => {
      if (!s.textZh && !s.textEn)
        ctx.addIssue({ code: 'custom', path: ['steps', i, 'textZh'], message: fieldCode('appContent.stepRequired') });
    });
  },
);
export type AppGuideBody = z.infer<typeof appGuideBody>;

/** The item the app gets: the title and each step's text in its language (the other when empty), both languages, the topic. */
export const resolvedAppGuideSchema = resolvedItem(APP_GUIDE_SLOTS, {
  title: z.string(),
  stepTexts: z.array(z.string()),
  ...appGuideFields,
});
export type ResolvedAppGuide = z.infer<typeof resolvedAppGuideSchema>;

export const appGuideEndpoints = contentEndpoints({
  segment: 'app-guide',
  slot: 'main',
  noun: 'app guide',
  permission: APP_GUIDE_SLOT_DEFS.main.permission,
  record: appGuideSchema,
  body: appGuideBody,
  item: resolvedAppGuideSchema,
});
