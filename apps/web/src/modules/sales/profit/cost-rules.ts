/**
 * The cost form's checks, from the contract's schema (each rule declared once), with the
 * contract's and the server's messages in the UI language. Messages the shared
 * validation texts do not know are translated here; anything else falls through to them.
 */
import type { Lang } from '@bo/contract';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { validationText } from '../../../shared/forms/validation-text';

/** Contract and server messages of the cost form → their key under `sales.validation`. */
const MESSAGE_KEYS = {
  'expected an ASIN: 10 letters or digits': 'asin',
  'no listing with this ASIN in the shop': 'asinNotInShop',
  'must not be 0': 'amountZero',
  'too large': 'amountTooLarge',
  'at most 2 decimals': 'amountDecimals',
  'expected a date as yyyy-MM-dd': 'date',
  'must not be in the future': 'futureDate',
} as const;

export type CostMessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];

export const costMessageKey = (message: string): CostMessageKey | null =>
  (MESSAGE_KEYS as Record<string, CostMessageKey>)[message.trim()] ?? null;

export type Translate = (key: CostMessageKey) => string;

/** A message in the UI language. */
export function costMessage(message: string, lang: Lang, translate: Translate): string {
  const key = costMessageKey(message);
  return key ? translate(key) : validationText(message, lang);
}

/** A form rule checking a value with a zod schema; an empty value reads "required". */
export const costRule = (schema: z.ZodType, lang: Lang, translate: Translate): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const empty = value === undefined || value === null || String(value).trim() === '';
    const result = schema.safeParse(value ?? '');
    if (!result.success)
      throw new Error(costMessage(empty ? 'required' : (result.error.issues[0]?.message ?? 'invalid'), lang, translate));
  },
});
