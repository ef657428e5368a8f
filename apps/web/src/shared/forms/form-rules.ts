/**
 * antd form rules from the contract's zod schemas (each fact declared once), and the
 * server's 400 field errors put back on the form's fields.
 */
import type { Lang } from '@bo/contract';
import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { isApiError } from '../http/api-error';
import { validationText } from './validation-text';

/**
 * A rule checking a field's value with a zod schema, its message in the UI language.
 * `optional`: an empty field passes (it is sent as null).
 */
export const zodRule = (schema: z.ZodType, lang: Lang, { optional = false }: { optional?: boolean } = {}): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const empty = value === undefined || value === null || String(value).trim() === '';
    if (optional && empty) return;
    const result = schema.safeParse(value ?? '');
    // An empty required field reads "required", whatever the schema's first complaint.
    if (!result.success)
      throw new Error(validationText(empty ? 'required' : (result.error.issues[0]?.message ?? 'invalid'), lang));
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
    .map((f) => ({ name: f.path.split('.'), errors: [validationText(f.message, lang)] }));
  form.setFields(fields);
  return fields.length > 0;
}
