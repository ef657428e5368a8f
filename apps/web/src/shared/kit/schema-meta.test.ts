import { catalogLinks } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bodyShape, fieldMeta } from './schema-meta';

describe('fieldMeta', () => {
  it('reads required, lengths and ranges through optional and nullable layers', () => {
    expect(fieldMeta(z.string().trim().min(2).max(40))).toMatchObject({
      required: true,
      kind: 'string',
      minLength: 2,
      maxLength: 40,
    });
    expect(fieldMeta(z.string().max(500).optional())).toMatchObject({ required: false, maxLength: 500 });
    expect(fieldMeta(z.number().min(0).max(1_000_000).nullable())).toMatchObject({
      required: true,
      nullable: true,
      kind: 'number',
      min: 0,
      max: 1_000_000,
    });
    expect(fieldMeta(z.coerce.number().int().positive())).toMatchObject({ kind: 'number', min: 0 });
  });

  it('reads enum values, also of a union of literals', () => {
    expect(fieldMeta(z.enum(['a', 'b']).default('a'))).toMatchObject({ required: false, kind: 'enum', options: ['a', 'b'] });
    expect(fieldMeta(z.union([z.literal(0), z.literal(1)]))).toMatchObject({ kind: 'enum', options: [0, 1] });
  });

  it("reads a contract body's fields (a product link)", () => {
    const shape = bodyShape(catalogLinks.createLink.body);
    expect(shape).not.toBeNull();
    expect(fieldMeta(shape?.asin as z.ZodType)).toMatchObject({ required: true, kind: 'string' });
    expect(fieldMeta(shape?.title as z.ZodType).maxLength).toBe(500);
  });
});
