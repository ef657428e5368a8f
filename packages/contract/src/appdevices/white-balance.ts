/**
 * The white-balance calibration tables (/user-platform/whiteBalance, issue #24): a kind on the
 * publishing model. A table is the gains of each channel (red, green, blue, and white for an RGBW
 * device) at colour temperature points in ascending order; the device interpolates between them.
 * The models it is for are the model's targeting, which must name one at least (a calibration
 * for every model is meaningless). The app reads `GET app/v1/content/whiteBalance?model=…`.
 */
import { z } from 'zod';
import { bilingualText, contentBody, contentEndpoints, contentRecord, resolvedItem } from '../appcontent/kinds';
import { fieldCode } from '../validation';
import { addIssues, type Issue } from './shared';

export const WHITE_BALANCE_SLOTS = ['main'] as const;
export const WB_CHANNELS = ['rgb', 'rgbw'] as const;
export type WbChannels = (typeof WB_CHANNELS)[number];
/** Colour temperatures (kelvin) and gains (a fraction of full drive) a table may hold. */
export const WB_LIMITS = { cct: { min: 1000, max: 12000 }, gain: { min: 0, max: 1 }, points: { min: 2, max: 32 } } as const;

export const WHITE_BALANCE_SLOT_DEFS = {
  main: { page: '/user-platform/whiteBalance', permission: 'user:platform:whiteBalance:config' },
} as const;

const pointFields = {
  /** Correlated colour temperature, kelvin. */
  cct: z.number().int(),
  r: z.number(),
  g: z.number(),
  b: z.number(),
  /** The white channel's gain (RGBW tables); null for RGB. */
  w: z.number().nullable(),
};
export type WbPoint = z.infer<z.ZodObject<typeof pointFields>>;

const whiteBalanceFields = {
  noteZh: z.string(),
  noteEn: z.string(),
  channels: z.enum(WB_CHANNELS),
  points: z.array(z.object(pointFields)),
};
export const whiteBalancePayloadSchema = z.object(whiteBalanceFields);
export type WhiteBalancePayload = z.infer<typeof whiteBalancePayloadSchema>;

export const whiteBalanceSchema = contentRecord(WHITE_BALANCE_SLOTS, whiteBalanceFields);
export type WhiteBalance = z.infer<typeof whiteBalanceSchema>;

const gain = z.number().min(WB_LIMITS.gain.min).max(WB_LIMITS.gain.max).multipleOf(0.0001);
const pointBody = z
  .object({
    cct: z.number().int().min(WB_LIMITS.cct.min).max(WB_LIMITS.cct.max),
    r: gain,
    g: gain,
    b: gain,
    w: gain.nullable().default(null),
  })
  .strict();

/**
 * The rules of a table between its fields (pure: the body's refinement and the screen's check):
 * temperatures strictly ascending (the first point out of order is named with the one before),
 * a white gain on every point of an RGBW table and on none of an RGB one.
 */
export function wbIssues(channels: WbChannels, points: readonly Pick<WbPoint, 'cct' | 'w'>[]): Issue[] {
  const out: Issue[] = [];
  points.forEach((p, i) => {
    const before = points[i - 1];
    if (before && p.cct <= before.cct)
      out.push({ path: ['points', i, 'cct'], code: 'appDevices.cctAscending', params: { cct: before.cct } });
    if (channels === 'rgbw' && p.w == null) out.push({ path: ['points', i, 'w'], code: 'appDevices.whiteRequired' });
    if (channels === 'rgb' && p.w != null) out.push({ path: ['points', i, 'w'], code: 'appDevices.whiteNotRgbw' });
  });
  return out;
}

export const whiteBalanceBody = contentBody(
  {
    noteZh: bilingualText(500),
    noteEn: bilingualText(500),
    channels: z.enum(WB_CHANNELS).default('rgb'),
    points: z.array(pointBody).min(WB_LIMITS.points.min).max(WB_LIMITS.points.max),
  },
  (v, ctx) => {
    if ((v.models as string[]).length === 0)
      ctx.addIssue({ code: 'custom', path: ['models'], message: fieldCode('appDevices.modelRequired') });
    addIssues(wbIssues(v.channels as WbChannels, v.points as WbPoint[]), ctx);
  },
);
export type WhiteBalanceBody = z.infer<typeof whiteBalanceBody>;

/** The item the app gets: the note in its language, the channels and the points (ascending). */
export const resolvedWhiteBalanceSchema = resolvedItem(WHITE_BALANCE_SLOTS, { note: z.string(), ...whiteBalanceFields });
export type ResolvedWhiteBalance = z.infer<typeof resolvedWhiteBalanceSchema>;

export const whiteBalanceEndpoints = contentEndpoints({
  segment: 'white-balance',
  slot: 'main',
  noun: 'white-balance table',
  permission: WHITE_BALANCE_SLOT_DEFS.main.permission,
  record: whiteBalanceSchema,
  body: whiteBalanceBody,
  item: resolvedWhiteBalanceSchema,
});
