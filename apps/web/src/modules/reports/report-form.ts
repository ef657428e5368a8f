/** The report form's flat values, to and from the contract's body (filters as a list screen's query string). */
import type { Report } from '@bo/contract/reports/reports';
import { SCHEDULE_KINDS } from '@bo/contract/reports/reports';
import { z } from 'zod';
import type { ReportBodyInput } from './reports.queries';

export const reportFormSchema = z.object({
  name: z.string().trim().min(1).max(100),
  endpoint: z.string().min(1),
  param: z.string().optional(),
  filters: z.string().max(2000).optional(),
  kind: z.enum(SCHEDULE_KINDS),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  weekday: z.number().int().min(1).max(7).nullable().optional(),
  monthDay: z.number().int().min(1).max(31).nullable().optional(),
  timeZone: z.string().min(1).max(64),
  recipients: z.array(z.number()),
  enabled: z.boolean(),
});
export type ReportForm = z.infer<typeof reportFormSchema>;

/** `keyword=a&shopId=1&shopId=2` (or a whole address) → `{ keyword: 'a', shopId: ['1', '2'] }`. */
export function filtersFromText(text: string | undefined): Record<string, string | string[]> {
  const raw = (text ?? '').trim();
  const qs = raw.includes('?') ? raw.slice(raw.indexOf('?') + 1) : raw;
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(qs)) {
    if (k === 'pageNum' || k === 'pageSize' || v === '') continue;
    const had = out[k];
    out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  return out;
}

/** The stored filters back as a query string. */
export function filtersToText(query: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    for (const one of Array.isArray(v) ? v : [v]) p.append(k, String(one));
  }
  return p.toString();
}

export const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Shanghai';
  } catch {
    return 'Asia/Shanghai';
  }
};

export function formOf(r: Report | undefined): Partial<ReportForm> {
  if (!r)
    return {
      name: '',
      filters: '',
      kind: 'daily',
      time: '08:00',
      weekday: 1,
      monthDay: 1,
      timeZone: browserTimeZone(),
      recipients: [],
      enabled: true,
    };
  const params = r.export.params ?? {};
  return {
    name: r.name,
    endpoint: r.export.endpoint,
    param: Object.values(params)[0] === undefined ? undefined : String(Object.values(params)[0]),
    filters: filtersToText(r.export.query),
    kind: r.schedule.kind,
    time: r.schedule.time,
    weekday: r.schedule.weekday ?? 1,
    monthDay: r.schedule.monthDay ?? 1,
    timeZone: r.schedule.timeZone,
    recipients: r.recipients.map((p) => p.id),
    enabled: r.enabled,
  };
}

/** The body to send: the endpoint's one path parameter (if it has one) named as the exportable names it. */
export function bodyOf(v: ReportForm, paramName: string | undefined): ReportBodyInput {
  return {
    name: v.name.trim(),
    export: {
      endpoint: v.endpoint,
      ...(paramName && v.param ? { params: { [paramName]: v.param } } : {}),
      query: filtersFromText(v.filters),
    },
    schedule: {
      kind: v.kind,
      time: v.time,
      weekday: v.kind === 'weekly' ? (v.weekday ?? null) : null,
      monthDay: v.kind === 'monthly' ? (v.monthDay ?? null) : null,
      timeZone: v.timeZone,
    },
    recipients: v.recipients ?? [],
    enabled: v.enabled,
  };
}
