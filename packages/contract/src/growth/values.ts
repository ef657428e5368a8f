/**
 * Company values (spec §2.3 /values, docs/growth.md "Values"): a name in Chinese and English, a
 * description and the behaviours that show the value. Read by every staff member, managed by
 * the administrator. The active values are the dimensions a review cycle scores when it opens.
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParam, pageSchema, pagingQuery } from '../envelope';
import { fieldCode } from '../validation';

const tags = ['growth'];
export const GROWTH_BASE = 'grow/rest/v1';
export const MAX_BEHAVIOURS = 10;

export const companyValueSchema = z.object({
  id: z.number().int(),
  nameZh: z.string(),
  nameEn: z.string(),
  description: z.string(),
  behaviours: z.array(z.string()),
  sort: z.number().int(),
  active: z.boolean(),
  version: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type CompanyValue = z.infer<typeof companyValueSchema>;

export const companyValueBody = z.object({
  nameZh: z.string().trim().min(1).max(40),
  nameEn: z.string().trim().min(1).max(60),
  description: z.string().trim().max(1000).default(''),
  behaviours: z.array(z.string().trim().min(1).max(200)).min(1, fieldCode('growth.behaviourRequired')).max(MAX_BEHAVIOURS),
  sort: z.number().int().min(0).max(999).default(0),
  active: z.boolean().default(true),
});
export const companyValueUpdateBody = companyValueBody.extend({ version: z.number().int().min(1) });
export type CompanyValueBody = z.infer<typeof companyValueBody>;
export type CompanyValueUpdateBody = z.infer<typeof companyValueUpdateBody>;

export const listValues = defineEndpoint({
  method: 'GET',
  path: `${GROWTH_BASE}/values`,
  access: 'login',
  summary: 'The company values in their order (staff holding the growth pages; inactive ones included, marked)',
  tags,
  query: z.object({ keyword: z.string().trim().max(100).optional(), ...pagingQuery }),
  data: pageSchema(companyValueSchema),
});

export const createValue = defineEndpoint({
  method: 'POST',
  path: `${GROWTH_BASE}/values`,
  access: 'login',
  summary: 'Add a company value (administrator)',
  tags,
  write: true,
  body: companyValueBody,
  data: companyValueSchema,
});

export const updateValue = defineEndpoint({
  method: 'PUT',
  path: `${GROWTH_BASE}/values/{id}`,
  access: 'login',
  summary: 'Change a company value (administrator; 409 on a stale version or a taken name)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  body: companyValueUpdateBody,
  data: companyValueSchema,
});

export const deleteValue = defineEndpoint({
  method: 'DELETE',
  path: `${GROWTH_BASE}/values/{id}`,
  access: 'login',
  summary: 'Remove a company value (administrator; the cycles that scored it keep it as their dimension)',
  tags,
  write: true,
  params: z.object({ id: idParam }),
  data: z.null(),
});
