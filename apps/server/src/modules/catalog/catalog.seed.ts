/**
 * Demo technical data (model info) for the demo products: plausible sizes, weights,
 * packaging and electrical data per category, for three products in four; the fourth
 * is left without, so "missing" shows on /modelInfo. Deterministic (by product id).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import templates from './model-info-templates.json';

/** Per category code, the model info of a typical product (`model-info-templates.json`), checked when read. */
const TEMPLATES = z
  .record(
    z.string(),
    z.object({
      size: z.tuple([z.number(), z.number(), z.number()]),
      pkg: z.tuple([z.number(), z.number(), z.number()]),
      net: z.number(),
      powerPack: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      material: z.union([z.literal(1), z.literal(2)]),
      voltage: z.string().nullable(),
      watts: z.number().nullable(),
      plug: z.string().nullable(),
      certs: z.array(z.string()),
      hs: z.string(),
    }),
  )
  .parse(templates);
type Template = (typeof TEMPLATES)[string];

/** Inserts model info for the products without any (three in four); products of unknown categories are left out. */
export async function seedModelInfoDemo(tx: DbOrTx): Promise<void> {
  const products = (
    await tx.execute<{ id: number; category_code: string }>(sql`
    SELECT p.id, p.category_code FROM products p
     WHERE NOT EXISTS (SELECT 1 FROM product_model_info mi WHERE mi.product_id = p.id) ORDER BY p.id`)
  ).rows;
  const rows = products
    .filter((p) => p.id % 4 !== 0 && TEMPLATES[p.category_code])
    .map((p) => {
      const t = TEMPLATES[p.category_code] as Template;
      // A little variety per model, never breaking the bounds (the package keeps its margin).
      const k = 1 + ((p.id * 7) % 5) / 20;
      const scale = (xs: number[]) => xs.map((x) => Math.round(x * k * 10) / 10);
      const net = Math.round(t.net * k * 10) / 10;
      return {
        product_id: p.id,
        size: scale(t.size),
        pkg: scale(t.pkg),
        net,
        gross: Math.round((net * 1.25 + 40) * 10) / 10,
        power_pack: t.powerPack,
        material: t.material,
        voltage: t.voltage,
        watts: t.watts,
        plug: t.plug,
        certs: t.certs,
        hs: t.hs,
        origin: p.id % 9 === 0 ? 'VN' : 'CN',
      };
    });
  if (rows.length === 0) return;
  await tx.execute(sql`
    INSERT INTO product_model_info (product_id, length_mm, width_mm, height_mm, net_weight_g, gross_weight_g, package_length_mm,
           package_width_mm, package_height_mm, power_pack, material, rated_voltage, wattage_w, plug_type, certifications, hs_code,
           country_of_origin)
    SELECT (r->>'product_id')::int, (r->'size'->>0)::numeric, (r->'size'->>1)::numeric, (r->'size'->>2)::numeric,
           (r->>'net')::numeric, (r->>'gross')::numeric, (r->'pkg'->>0)::numeric, (r->'pkg'->>1)::numeric, (r->'pkg'->>2)::numeric,
           (r->>'power_pack')::smallint, (r->>'material')::smallint, r->>'voltage', (r->>'watts')::numeric, r->>'plug',
           ARRAY(SELECT jsonb_array_elements_text(r->'certs')), r->>'hs', r->>'origin'
      FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) r`);
}
