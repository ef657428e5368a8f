/**
 * Field messages as codes. A schema names a code where it would have written a message
 * (`.min(1, fieldCode('required'))`, `ctx.addIssue({ code: 'custom', message:
 * fieldCode('catalog.grossBelowNet') })`); zod's own issues map to generic codes with their
 * params. The server replies `{ path, code, params, message }` per field (message: the
 * en-US text) and the web shows the code's text in the user's language; nobody matches
 * English strings.
 */
import type { Lang } from '../errors';
import type { FieldTexts } from './texts';
import { ACCESS_TEXTS, CATALOG_TEXTS } from './texts-access-catalog';
import { APPCONTENT_TEXTS } from './texts-appcontent';
import { APPDATA_TEXTS } from './texts-appdata';
import { APPDEVICES_TEXTS } from './texts-appdevices';
import { APPMESSAGES_TEXTS } from './texts-appmessages';
import { BACKMGR_TEXTS } from './texts-backmgr';
import { BRAND_TEXTS } from './texts-brand';
import { COMMON_TEXTS } from './texts-common';
import { CUSTOMS_TEXTS } from './texts-customs';
import { DESKTOP_TEXTS } from './texts-desktopapps';
import { FILE_TEXTS } from './texts-files';
import { GROWTH_TEXTS } from './texts-growth';
import { GTM_TEXTS } from './texts-gtm';
import { H5_TEXTS } from './texts-h5pages';
import { LOGISTICS_TEXTS } from './texts-logistics';
import { MAIL_TEXTS, PPC_TEXTS } from './texts-mail-ppc';
import { OKR_TEXTS, PROJECTS_TEXTS } from './texts-projects';
import { COSTS_TEXTS, IMPORTS_TEXTS, LISTINGS_TEXTS, SALES_TEXTS, SHOPS_TEXTS } from './texts-sales-costs';
import { TRIALS_TEXTS } from './texts-trials';

export type { FieldTexts } from './texts';

export const FIELD_TEXTS = {
  ...COMMON_TEXTS,
  ...ACCESS_TEXTS,
  ...CATALOG_TEXTS,
  ...SALES_TEXTS,
  ...COSTS_TEXTS,
  ...IMPORTS_TEXTS,
  ...LISTINGS_TEXTS,
  ...SHOPS_TEXTS,
  ...MAIL_TEXTS,
  ...PPC_TEXTS,
  ...FILE_TEXTS,
  ...BACKMGR_TEXTS,
  ...APPCONTENT_TEXTS,
  ...APPDEVICES_TEXTS,
  ...APPMESSAGES_TEXTS,
  ...PROJECTS_TEXTS,
  ...OKR_TEXTS,
  ...LOGISTICS_TEXTS,
  ...DESKTOP_TEXTS,
  ...GROWTH_TEXTS,
  ...GTM_TEXTS,
  ...BRAND_TEXTS,
  ...CUSTOMS_TEXTS,
  ...H5_TEXTS,

  ...APPDATA_TEXTS,

  ...TRIALS_TEXTS,
} as const satisfies Record<string, FieldTexts>;

export type FieldCode = keyof typeof FIELD_TEXTS;
export type FieldParams = Readonly<Record<string, string | number>>;

/** One field's refusal, as the server's 400 reply carries it. */
export interface FieldError {
  path: string;
  code: FieldCode;
  params: FieldParams;
  /** The en-US text, for API clients that show the reply as it is. */
  message: string;
}

export const isFieldCode = (code: unknown): code is FieldCode => typeof code === 'string' && Object.hasOwn(FIELD_TEXTS, code);

/** A code where zod takes a message: the issue's message is the code. */
export const fieldCode = (code: FieldCode): string => code;

/** The code's text in a language, its `{name}` placeholders filled from params. */
export function fieldText(code: FieldCode, lang: Lang, params: FieldParams = {}): string {
  return FIELD_TEXTS[code][lang].replace(/\{(\w+)\}/g, (all, name: string) =>
    params[name] === undefined ? all : String(params[name]),
  );
}

/** What the code machinery reads of a zod issue (a zod issue, or one rebuilt from Fastify's validation error). */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  /** The value at `path` was absent (zod drops the input; the caller knows it): reads `required`. */
  missing?: boolean;
}

/** The issue's other fields (minimum, origin, format, params, …), which differ per zod issue code. */
type IssueFields = Record<string, unknown> & IssueLike;

const num = (v: unknown): number | undefined => (typeof v === 'number' || typeof v === 'bigint' ? Number(v) : undefined);

/** Params zod's issue carries, under the names the texts use. */
function issueParams(issue: IssueFields): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const min = num(issue.minimum);
  const max = num(issue.maximum);
  const divisor = num(issue.divisor);
  if (min !== undefined) out.min = min;
  if (max !== undefined) out.max = max;
  if (divisor !== undefined) out.divisor = divisor;
  const own = issue.params;
  if (own && typeof own === 'object')
    for (const [k, v] of Object.entries(own)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
}

function decimalsCode(divisor: number): { code: FieldCode; params: FieldParams } {
  if (divisor === 1) return { code: 'wholeNumber', params: {} };
  const places = Math.round(-Math.log10(divisor));
  if (places > 0 && Math.abs(10 ** -places - divisor) < 1e-12)
    return places === 1 ? { code: 'atMostOneDecimal', params: {} } : { code: 'atMostDecimals', params: { places } };
  return { code: 'multipleOf', params: { divisor } };
}

/** The generic code of one of zod's own issues. */
function genericCode(issue: IssueFields, params: Record<string, string | number>): { code: FieldCode; params: FieldParams } {
  const origin = issue.origin;
  const inclusive = issue.inclusive !== false;
  if (issue.missing) return { code: 'required', params: {} };
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint')
        return { code: 'notANumber', params: {} };
      return { code: 'invalidType', params: { expected: String(issue.expected ?? '') } };
    case 'too_small':
      if (origin === 'string') return params.min === 1 ? { code: 'required', params: {} } : { code: 'tooShort', params };
      if (origin === 'number' || origin === 'bigint') {
        if (params.min === 0) return inclusive ? { code: 'notNegative', params } : { code: 'greaterThan', params };
        return { code: inclusive ? 'atLeast' : 'greaterThan', params };
      }
      if (origin === 'array' || origin === 'set') return { code: 'tooFewItems', params };
      return { code: 'invalid', params };
    case 'too_big':
      if (origin === 'string') return { code: 'tooLong', params };
      if (origin === 'number' || origin === 'bigint') return { code: inclusive ? 'atMost' : 'lessThan', params };
      if (origin === 'array' || origin === 'set') return { code: 'tooManyItems', params };
      return { code: 'invalid', params };
    case 'not_multiple_of':
      return decimalsCode(Number(params.divisor));
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'notAnEmail', params: {} };
      if (issue.format === 'url') return { code: 'notAUrl', params: {} };
      if (issue.format === 'date') return { code: 'notADate', params: {} };
      if (issue.format === 'datetime') return { code: 'notADateTime', params: {} };
      return { code: 'invalidFormat', params: { format: String(issue.format ?? '') } };
    case 'invalid_value':
      return { code: 'invalidOption', params: { values: Array.isArray(issue.values) ? issue.values.join(', ') : '' } };
    case 'invalid_union': {
      // A union of literals (0 | 1 | 2) is a choice like an enum.
      const branches = Array.isArray(issue.errors) ? (issue.errors as { code?: unknown; values?: unknown }[][]) : [];
      const options = branches.flat();
      if (options.length > 0 && options.every((o) => o.code === 'invalid_value' && Array.isArray(o.values)))
        return { code: 'invalidOption', params: { values: options.flatMap((o) => o.values as unknown[]).join(', ') } };
      return { code: 'invalid', params: {} };
    }
    case 'unrecognized_keys':
      return { code: 'unknownKeys', params: { keys: Array.isArray(issue.keys) ? issue.keys.join(', ') : '' } };
    default:
      return { code: 'invalid', params: {} };
  }
}

/** The code and params of an issue: the code its schema named, or the generic one of zod's issue. */
export function issueCode(zodIssue: IssueLike): { code: FieldCode; params: FieldParams } {
  const issue = zodIssue as IssueFields;
  const params = issueParams(issue);
  const generic = genericCode(issue, params);
  // A named code keeps the params zod's issue implies (the decimals of a multipleOf, …).
  if (isFieldCode(issue.message)) return { code: issue.message, params: { ...generic.params, ...params } };
  return generic;
}

/** A field error as the server replies it. */
export function fieldErrorOf(path: string, code: FieldCode, params: FieldParams = {}): FieldError {
  return { path, code, params, message: fieldText(code, 'en-US', params) };
}
