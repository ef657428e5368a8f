/** What the cost screens (/productCost, /mcost, /bomcost) share: money inputs, keyword and sort parameters. */
import { z } from 'zod';
import { idParam, sortOrderSchema } from '../envelope';
import { fieldCode } from '../validation';

export const tags = ['costs'];

export const sortOrder = sortOrderSchema.default('asc');
export const keyword = z.string().trim().max(64).optional();
export const positiveId = idParam;

/** A query flag sent as `true`/`false` (or `1`/`0`). */
export const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** A decimal with at most `scale` decimals, between min and max (money and rates are never floats in storage). */
export const decimal = (scale: number, min: number, max: number) =>
  z
    .number({ message: fieldCode('notANumber') })
    .min(min, fieldCode('atLeast'))
    .max(max, fieldCode('atMost'))
    .refine((v) => Math.abs(v * 10 ** scale - Math.round(v * 10 ** scale)) < 1e-6, {
      message: fieldCode('atMostDecimals'),
      params: { places: scale },
    });

/** Units a material is counted in. */
export const MATERIAL_UNITS = ['pcs', 'm', 'cm', 'mm', 'g', 'kg', 'ml', 'l', 'set', 'pair', 'roll', 'sheet'] as const;

/** Currencies a material can be bought in: the reporting currency, the suppliers' CNY and the marketplaces' currencies. */
export const MATERIAL_CURRENCIES = ['USD', 'CNY', 'EUR', 'GBP', 'JPY', 'CAD', 'SGD', 'AUD', 'SEK', 'PLN'] as const;

/** Product lifecycle of spec §4: 0 not launched, 1 launched, 2 EOL. */
export const lifecycleSchema = z.number().int().min(0).max(2);
