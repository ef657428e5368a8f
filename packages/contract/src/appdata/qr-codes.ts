/**
 * Joint QR codes (/user-platform/jointQrCode; docs/app-data.md "Joint QR codes"): a co-branded
 * code for a partner's campaign. Its short code (generated, unique) opens `GET /q/{code}`, outside
 * the API and any session: while the code's window is on, the scan is counted (per day; uniques by
 * an address hashed with the code's own salt and the day, no address kept) and answered 302 to the
 * target; before or after it, a small page says the code is not active, in the browser's language.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, idValue, instantSchema, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';
import { APPDATA_BASE, QR_PAGE } from './actions';

const tags = ['app data'];
const params = z.object({ id: idParam });

/** The short code's alphabet: no 0/O, 1/I/L, so a code read aloud or typed is not misread. */
export const QR_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const QR_CODE_LENGTH = 8;
export const QR_CODE = new RegExp(`^[${QR_ALPHABET}]{${QR_CODE_LENGTH}}$`);
/** The public path of a code, under the back office's own origin. */
export const qrPath = (code: string) => `/q/${code}`;

/** https, or the app's own scheme (a deep link the app opens). */
export const QR_TARGET = /^(https:\/\/[^\s/$.?#][^\s]*|lumio:\/\/[^\s]+)$/i;

export const QR_STATUSES = ['upcoming', 'active', 'ended'] as const;
export type QrStatus = (typeof QR_STATUSES)[number];

export const qrBody = z
  .object({
    partner: z.string().trim().min(1, fieldCode('required')).max(80),
    campaign: z.string().trim().min(1, fieldCode('required')).max(120),
    target: z.string().trim().max(1000).regex(QR_TARGET, fieldCode('appData.qrTarget')),
    startsAt: instantSchema,
    endsAt: instantSchema,
    note: z.string().trim().max(500).default(''),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (Date.parse(b.endsAt) <= Date.parse(b.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: fieldCode('appData.qrWindow') });
  });
export type QrBody = z.infer<typeof qrBody>;

export const qrSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** The code's public path (`/q/{code}`): the web draws the QR of its origin + this. */
  path: z.string(),
  partner: z.string(),
  campaign: z.string(),
  target: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  note: z.string(),
  status: z.enum(QR_STATUSES),
  scans: z.number().int(),
  uniques: z.number().int(),
  version: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type QrCodeRecord = z.infer<typeof qrSchema>;

export const qrCodes = {
  list: defineEndpoint({
    method: 'GET',
    path: `${APPDATA_BASE}/qr-codes`,
    access: QR_PAGE,
    summary: 'Joint QR codes with their status and scans',
    tags,
    query: z.object({
      keyword: z.string().trim().max(100).optional(),
      status: z.enum(QR_STATUSES).optional(),
      sortField: z.enum(['startsAt', 'scans', 'updatedAt']).default('startsAt'),
      sortOrder: sortOrderSchema.default('desc'),
      ...pagingQuery,
    }),
    data: pageSchema(qrSchema),
  }),
  scans: defineEndpoint({
    method: 'GET',
    path: `${APPDATA_BASE}/qr-codes/{id}/scans`,
    access: QR_PAGE,
    summary: "A code's scans and unique scanners per day, over its window up to today",
    tags,
    params,
    data: z.object({ days: z.array(z.object({ day: z.string(), scans: z.number().int(), uniques: z.number().int() })) }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${APPDATA_BASE}/qr-codes`,
    access: `${QR_PAGE}:create`,
    summary: 'Add a joint QR code (its short code generated)',
    tags,
    write: true,
    body: qrBody,
    data: qrSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${APPDATA_BASE}/qr-codes/{id}`,
    access: `${QR_PAGE}:edit`,
    summary: 'Change a code (the short code stays; 409 stale)',
    tags,
    write: true,
    params,
    body: qrBody.safeExtend({ version: idValue }),
    data: qrSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${APPDATA_BASE}/qr-codes/{id}`,
    access: `${QR_PAGE}:delete`,
    summary: 'Delete a code never scanned (409 once scanned: end its window instead)',
    tags,
    write: true,
    params,
    data: z.null(),
  }),
};
