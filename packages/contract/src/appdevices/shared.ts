/** What the device catalogue's kinds share: a version minimum (firmware or app) and issues with params. */
import { z } from 'zod';
import { type FieldCode, fieldCode } from '../validation';

/** `1`, `1.2` or `1.2.3` (missing parts read 0): one to three parts of 1–4 digits. */
export const isVersion = (s: string): boolean => {
  const parts = s.split('.');
  return parts.length <= 3 && parts.every((p) => /^\d{1,4}$/.test(p));
};
export const minimumVersion = z
  .string()
  .trim()
  .max(20)
  .refine((s) => s === '' || isVersion(s), fieldCode('appDevices.version'))
  .default('');

/** A rule's refusal on a path, with the params its text names. */
export interface Issue {
  path: (string | number)[];
  code: FieldCode;
  params?: Record<string, number | string>;
}

export const addIssues = (issues: readonly Issue[], ctx: z.RefinementCtx): void => {
  for (const i of issues)
    ctx.addIssue({ code: 'custom', path: i.path, message: fieldCode(i.code), ...(i.params ? { params: i.params } : {}) });
};
