/**
 * FBA codes (/backMgr/fbacode): Amazon fulfilment centres by code (PHX7, LEJ1, ...), per
 * marketplace, with name, address, country and whether they are in use; a code is unique per
 * marketplace. Back-office user only.
 */
import { z } from 'zod';
import { MARKETS } from '../constants';
import { defineEndpoint } from '../endpoint';
import { idParam, pageSchema, pagingQuery, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';

const tags = ['back office'];
const path = 'backmgr/rest/v1/fba-codes';

export const FBA_SORT_FIELDS = ['code', 'marketId', 'updatedAt'] as const;
const MARKET_IDS = MARKETS.map((m) => m.id) as number[];

export const fbaCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  marketId: z.number().int(),
  name: z.string(),
  address: z.string(),
  country: z.string(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type FbaCode = z.infer<typeof fbaCodeSchema>;

export const fbaCodeBody = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{3,8}$/, fieldCode('backMgr.fbaCode')),
    marketId: z
      .number()
      .int()
      .refine((id) => MARKET_IDS.includes(id), fieldCode('unknownMarket')),
    name: z.string().trim().max(200).default(''),
    address: z.string().trim().max(500).default(''),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, fieldCode('invalidFormat')),
    enabled: z.boolean().default(true),
  })
  .strict();
export type FbaCodeBody = z.infer<typeof fbaCodeBody>;

export const list = defineEndpoint({
  method: 'GET',
  path,
  access: 'login',
  summary: 'FBA codes by marketplace and code unless sorted (back-office user only)',
  tags,
  query: z.object({
    /** Part of the code, name or address. */
    keyword: z.string().trim().max(200).optional(),
    marketId: z.coerce.number().int().min(0).max(99).optional(),
    enabled: z.enum(['true', 'false']).optional(),
    sortField: z.enum(FBA_SORT_FIELDS).default('code'),
    sortOrder: sortOrderSchema.default('asc'),
    ...pagingQuery,
  }),
  data: pageSchema(fbaCodeSchema),
});

export const create = defineEndpoint({
  method: 'POST',
  path,
  access: 'login',
  summary: 'Add an FBA code (409 when the marketplace has it already; back-office user only)',
  tags,
  write: true,
  body: fbaCodeBody,
  data: fbaCodeSchema,
});

export const update = defineEndpoint({
  method: 'PUT',
  path: `${path}/{id}`,
  access: 'login',
  summary: 'Change an FBA code (409 when the marketplace has the new code already; back-office user only)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: fbaCodeBody,
  data: fbaCodeSchema,
});

export const remove = defineEndpoint({
  method: 'DELETE',
  path: `${path}/{id}`,
  access: 'login',
  summary: 'Delete an FBA code (back-office user only)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});
