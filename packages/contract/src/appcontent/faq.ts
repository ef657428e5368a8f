/**
 * The app's FAQ (/user-platform/faqSetting, issue #24): a kind on the publishing model. Each
 * entry is a question and its answer in Chinese and English (a language given needs both), a
 * category, and the model's targeting (device models among them), window and order.
 */
import { z } from 'zod';
import { bilingualText, contentBody, contentEndpoints, contentRecord, oneOfPair, pairsFollow, resolvedItem } from './kinds';

export const FAQ_SLOTS = ['main'] as const;
export type FaqSlot = (typeof FAQ_SLOTS)[number];
export const FAQ_CATEGORIES = ['general', 'device', 'app', 'account', 'order'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export const FAQ_SLOT_DEFS = {
  main: { page: '/user-platform/faqSetting', permission: 'user:platform:faqSetting:config' },
} as const;

/** What a FAQ entry stores (its payload) and shows in the back office's list. */
const faqFields = {
  questionZh: z.string(),
  questionEn: z.string(),
  answerZh: z.string(),
  answerEn: z.string(),
  category: z.enum(FAQ_CATEGORIES),
};
export const faqPayloadSchema = z.object(faqFields);
export type FaqPayload = z.infer<typeof faqPayloadSchema>;

export const faqSchema = contentRecord(FAQ_SLOTS, faqFields);
export type Faq = z.infer<typeof faqSchema>;

const needsQuestion = oneOfPair('questionZh', 'questionEn', 'appContent.questionRequired');
// A language the question is asked in needs its answer in that language.
const answerFollows = pairsFollow(
  [
    ['questionZh', 'answerZh'],
    ['questionEn', 'answerEn'],
  ],
  'appContent.answerRequired',
);

export const faqBody = contentBody(
  {
    questionZh: bilingualText(300),
    questionEn: bilingualText(300),
    answerZh: bilingualText(5000),
    answerEn: bilingualText(5000),
    category: z.enum(FAQ_CATEGORIES).default('general'),
  },
  (v, ctx) => {
    needsQuestion(v, ctx);
    answerFollows(v, ctx);
  },
);
export type FaqBody = z.infer<typeof faqBody>;

/** The item the app gets: the question and answer in its language (the other when empty), both languages, the category. */
export const resolvedFaqSchema = resolvedItem(FAQ_SLOTS, { question: z.string(), answer: z.string(), ...faqFields });
export type ResolvedFaq = z.infer<typeof resolvedFaqSchema>;

export const faqEndpoints = contentEndpoints({
  segment: 'faq',
  slot: 'main',
  noun: 'FAQ entry',
  permission: FAQ_SLOT_DEFS.main.permission,
  record: faqSchema,
  body: faqBody,
  item: resolvedFaqSchema,
});
