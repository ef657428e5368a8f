/**
 * Trial activities' forms (docs/trials.md): the application form's fields a trial declares and
 * the questions of a reusable questionnaire. Both are data: the public call validates an
 * application against THAT trial's fields and questionnaire (`checkApplication`, shared by the
 * server and the public page), never against a fixed shape.
 */
import { z } from 'zod';
import { fieldCode } from '../validation';

export const FORM_FIELD_TYPES = [
  'name',
  'email',
  'country',
  'phone',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'text',
  'choice',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
/** Types a form holds once each; `text` and `choice` are the operator's own and may repeat. */
export const STANDARD_FIELD_TYPES = FORM_FIELD_TYPES.filter((t) => t !== 'text' && t !== 'choice');

export const QUESTION_TYPES = ['single', 'multiple', 'text', 'rating'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

const key = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,29}$/, fieldCode('trials.key'));
const label = z.string().trim().max(200).default('');

export const optionSchema = z
  .object({
    value: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, fieldCode('trials.optionValue')),
    labelZh: label,
    labelEn: label,
  })
  .strict()
  .superRefine((o, ctx) => {
    if (!o.labelZh && !o.labelEn) ctx.addIssue({ code: 'custom', path: ['labelZh'], message: fieldCode('trials.labelRequired') });
  });
export type ChoiceOption = z.infer<typeof optionSchema>;

const options = z.array(optionSchema).max(20, fieldCode('tooManyItems')).default([]);

function distinct<T>(items: readonly T[], of: (t: T) => string, path: string, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  items.forEach((it, i) => {
    const k = of(it);
    if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i, path], message: fieldCode('listedTwice') });
    seen.add(k);
  });
}

export const formFieldSchema = z
  .object({
    key,
    type: z.enum(FORM_FIELD_TYPES),
    labelZh: label,
    labelEn: label,
    required: z.boolean().default(true),
    /** For `choice`: 2 to 20. */
    options,
    /** For `text`: 1 to 2,000 characters (others have their own bounds). */
    maxLength: z.number().int().min(1).max(2000).default(200),
  })
  .strict()
  .superRefine((f, ctx) => {
    if ((f.type === 'text' || f.type === 'choice') && !f.labelZh && !f.labelEn)
      ctx.addIssue({ code: 'custom', path: ['labelZh'], message: fieldCode('trials.labelRequired') });
    if (f.type === 'choice' && f.options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: fieldCode('trials.optionsNeeded') });
    if (f.type !== 'choice' && f.options.length > 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: fieldCode('trials.optionsNotChoice') });
    distinct(f.options, (o) => o.value, 'value', ctx);
  });
export type FormField = z.infer<typeof formFieldSchema>;

export const formFieldsSchema = z
  .array(formFieldSchema)
  .min(1, fieldCode('tooFewItems'))
  .max(30, fieldCode('tooManyItems'))
  .superRefine((fields, ctx) => {
    distinct(fields, (f) => f.key, 'key', ctx);
    const standard = fields.filter((f) => f.type !== 'text' && f.type !== 'choice');
    distinct(standard, (f) => f.type, 'type', ctx);
    const email = fields.find((f) => f.type === 'email');
    // One application per e-mail per trial: the form must ask for it.
    if (!email?.required) ctx.addIssue({ code: 'custom', path: [], message: fieldCode('trials.emailFieldRequired') });
  });

export const questionSchema = z
  .object({
    key,
    type: z.enum(QUESTION_TYPES),
    labelZh: label,
    labelEn: label,
    required: z.boolean().default(true),
    options,
    maxLength: z.number().int().min(1).max(2000).default(500),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (!q.labelZh && !q.labelEn) ctx.addIssue({ code: 'custom', path: ['labelZh'], message: fieldCode('trials.labelRequired') });
    const choice = q.type === 'single' || q.type === 'multiple';
    if (choice && q.options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: fieldCode('trials.optionsNeeded') });
    if (!choice && q.options.length > 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: fieldCode('trials.optionsNotChoice') });
    distinct(q.options, (o) => o.value, 'value', ctx);
  });
export type Question = z.infer<typeof questionSchema>;

export const questionsSchema = z
  .array(questionSchema)
  .min(1, fieldCode('tooFewItems'))
  .max(50, fieldCode('tooManyItems'))
  .superRefine((qs, ctx) => distinct(qs, (q) => q.key, 'key', ctx));

/** What an applicant sends: the form's values by field key, the answers by question key. */
export const applicationBody = z
  .object({
    fields: z.record(z.string().max(30), z.string().max(2000)).default({}),
    answers: z
      .record(z.string().max(30), z.union([z.string().max(2000), z.array(z.string().max(40)).max(20), z.number()]))
      .default({}),
  })
  .strict();
export type ApplicationBody = z.infer<typeof applicationBody>;

/** The largest body the public call reads (30 fields and 50 answers of their bounds fit with room). */
export const MAX_APPLICATION_BYTES = 64 * 1024;

export interface ApplicationIssue {
  path: string;
  code:
    | 'required'
    | 'unknownKeys'
    | 'tooLong'
    | 'notAnEmail'
    | 'invalidOption'
    | 'listedTwice'
    | 'trials.country'
    | 'trials.countryNotOffered'
    | 'trials.rating'
    | 'invalidType';
  params?: Record<string, string | number>;
}

/** The values kept of an application: trimmed texts, the e-mail lower case, the country upper case. */
export interface CheckedApplication {
  fields: Record<string, string>;
  answers: Record<string, string | string[] | number>;
  name: string;
  email: string;
  country: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FIELD_MAX: Partial<Record<FormFieldType, number>> = {
  name: 100,
  email: 200,
  country: 2,
  phone: 40,
  addressLine1: 200,
  addressLine2: 200,
  city: 100,
  region: 100,
  postalCode: 20,
};

/**
 * An application checked against one trial's form and questionnaire: every issue (path, code),
 * or the values to keep. Keys the form does not have are refused, not ignored.
 */
export function checkApplication(
  form: readonly FormField[],
  questions: readonly Question[],
  countries: readonly string[],
  body: ApplicationBody,
): { issues: ApplicationIssue[]; value: CheckedApplication } {
  const issues: ApplicationIssue[] = [];
  const fields: Record<string, string> = {};
  const answers: Record<string, string | string[] | number> = {};
  const byKey = new Map(form.map((f) => [f.key, f]));
  const unknownFields = Object.keys(body.fields).filter((k) => !byKey.has(k));
  if (unknownFields.length) issues.push({ path: 'fields', code: 'unknownKeys', params: { keys: unknownFields.join(', ') } });
  for (const f of form) {
    const path = `fields.${f.key}`;
    let v = (body.fields[f.key] ?? '').trim();
    if (!v) {
      if (f.required) issues.push({ path, code: 'required' });
      continue;
    }
    const max = FIELD_MAX[f.type] ?? f.maxLength;
    if (f.type === 'email') v = v.toLowerCase();
    if (f.type === 'country') v = v.toUpperCase();
    if (f.type !== 'country' && v.length > max) issues.push({ path, code: 'tooLong', params: { max } });
    else if (f.type === 'email' && !EMAIL.test(v)) issues.push({ path, code: 'notAnEmail' });
    else if (f.type === 'country' && !/^[A-Z]{2}$/.test(v)) issues.push({ path, code: 'trials.country' });
    else if (f.type === 'country' && countries.length > 0 && !countries.includes(v))
      issues.push({ path, code: 'trials.countryNotOffered' });
    else if (f.type === 'choice' && !f.options.some((o) => o.value === v)) issues.push({ path, code: 'invalidOption' });
    fields[f.key] = v;
  }
  const qByKey = new Map(questions.map((q) => [q.key, q]));
  const unknownAnswers = Object.keys(body.answers).filter((k) => !qByKey.has(k));
  if (unknownAnswers.length) issues.push({ path: 'answers', code: 'unknownKeys', params: { keys: unknownAnswers.join(', ') } });
  for (const q of questions) {
    const path = `answers.${q.key}`;
    const raw = body.answers[q.key];
    const empty = raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0);
    if (empty) {
      if (q.required) issues.push({ path, code: 'required' });
      continue;
    }
    const values = new Set(q.options.map((o) => o.value));
    if (q.type === 'single') {
      if (typeof raw !== 'string') issues.push({ path, code: 'invalidType', params: { expected: 'string' } });
      else if (!values.has(raw)) issues.push({ path, code: 'invalidOption' });
      else answers[q.key] = raw;
    } else if (q.type === 'multiple') {
      const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : null;
      if (!list) issues.push({ path, code: 'invalidType', params: { expected: 'array' } });
      else if (list.some((x) => !values.has(x))) issues.push({ path, code: 'invalidOption' });
      else if (new Set(list).size !== list.length) issues.push({ path, code: 'listedTwice' });
      else answers[q.key] = list;
    } else if (q.type === 'text') {
      const s = typeof raw === 'string' ? raw.trim() : null;
      if (s === null) issues.push({ path, code: 'invalidType', params: { expected: 'string' } });
      else if (s.length > q.maxLength) issues.push({ path, code: 'tooLong', params: { max: q.maxLength } });
      else if (s) answers[q.key] = s;
      else if (q.required) issues.push({ path, code: 'required' });
    } else {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d$/.test(raw) ? Number(raw) : Number.NaN;
      if (!Number.isInteger(n) || n < 1 || n > 5) issues.push({ path, code: 'trials.rating' });
      else answers[q.key] = n;
    }
  }
  const of = (type: FormFieldType) => {
    const f = form.find((x) => x.type === type);
    return f ? (fields[f.key] ?? '') : '';
  };
  return { issues, value: { fields, answers, name: of('name'), email: of('email'), country: of('country') } };
}

/** "John" -> "J***n", "Li" -> "L***i", "A" -> "A***": enough for a winner to know themselves. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '***';
  return chars.length === 1 ? `${chars[0]}***` : `${chars[0]}***${chars[chars.length - 1]}`;
}

/** "john@gmail.com" -> "j***@gmail.com": the first letter of the mailbox and its domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${[...email][0]}***${email.slice(at)}`;
}
