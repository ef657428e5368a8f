/**
 * antd form rules from the contract's zod schemas (each fact declared once), and the
 * server's 400 field errors put back on the fields; both read from field codes in the
 * UI language.
 */
import { fieldText, issueCode, type Lang } from '@bo/contract';
import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { type FieldError, isApiError } from '../http/api-error';

/** A field error's text in the UI language: its code's text (never the server's English message). */
export const fieldErrorText = (f: FieldError, lang: Lang): string => fieldText(f.code, lang, f.params);

/** The text of a schema's first complaint about a value (an empty value reads "required"). */
export function schemaComplaint(schema: z.ZodType, value: unknown, lang: Lang): string | null {
  const empty = value === undefined || value === null || String(value).trim() === '';
  const result = schema.safeParse(value ?? '');
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (empty || !issue) return fieldText(empty ? 'required' : 'invalid', lang);
  const { code, params } = issueCode(issue);
  return fieldText(code, lang, params);
}

/**
 * A rule checking a field's value with a zod schema, its message in the UI language.
 * `optional`: an empty field passes (it is sent as null).
 */
export const zodRule = (schema: z.ZodType, lang: Lang, { optional = false }: { optional?: boolean } = {}): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const empty = value === undefined || value === null || String(value).trim() === '';
    if (optional && empty) return;
    const complaint = schemaComplaint(schema, value, lang);
    if (complaint) throw new Error(complaint);
  },
});

/** A rule requiring the value to equal another field's (password confirmation). */
export const sameAsRule =
  (field: string, message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue(field)) throw new Error(message);
    },
  });

/** Shows the server's field errors on the matching fields; answers whether any matched. */
export function applyFieldErrors(form: FormInstance, err: unknown, lang: Lang, fieldNames: readonly string[]): boolean {
  if (!isApiError(err) || err.fields.length === 0) return false;
  const known = new Set(fieldNames);
  const fields = err.fields
    .filter((f) => known.has(f.path.split('.')[0] ?? ''))
    // A list's item is named by its index (`steps.2.textZh` is the form's ['steps', 2, 'textZh']).
    .map((f) => ({
      name: f.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      errors: [fieldErrorText(f, lang)],
    }));
  form.setFields(fields);
  return fields.length > 0;
}
