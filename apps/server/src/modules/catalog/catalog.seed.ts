/**
 * Demo technical data (model info) for the demo products: plausible sizes, weights,
 * packaging and electrical data per category, for three products in four; the fourth
 * is left without, so "missing" shows on /modelInfo. Deterministic (by product id).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

interface Template {
  size: [number, number, number];
  pkg: [number, number, number];
  net: number;
  powerPack: 0 | 1 | 2;
  material: 1 | 2;
  voltage: string | null;
  watts: number | null;
  plug: string | null;
  certs: string[];
  hs: string;
}

const STRIP: Template = {
  size: [110, 110, 14],
  pkg: [160, 160, 60],
  net: 260,
  powerPack: 2,
  material: 2,
  voltage: '12V DC',
  watts: 24,
  plug: 'US',
  certs: ['FCC', 'CE', 'UKCA'],
  hs: '94054090',
};
const TEMPLATES: Record<string, Template> = {
  '6111': STRIP,
  '6112': { ...STRIP, voltage: '5V DC', watts: 10, plug: 'USB' },
  '6113': { ...STRIP, size: [150, 150, 20], pkg: [200, 200, 70], net: 520, voltage: '24V DC', watts: 36 },
  '6121': {
    size: [200, 20, 10],
    pkg: [220, 120, 50],
    net: 120,
    powerPack: 0,
    material: 2,
    voltage: '12V DC',
    watts: 5,
    plug: 'DC',
    certs: ['FCC', 'CE'],
    hs: '85122000',
  },
  '6131': {
    size: [300, 200, 150],
    pkg: [350, 250, 200],
    net: 900,
    powerPack: 2,
    material: 2,
    voltage: '100-240V AC',
    watts: 15,
    plug: 'US',
    certs: ['FCC', 'CE', 'UKCA', 'PSE'],
    hs: '94052090',
  },
  '6011': {
    size: [400, 15, 10],
    pkg: [220, 120, 40],
    net: 150,
    powerPack: 0,
    material: 2,
    voltage: '5V DC',
    watts: 5,
    plug: 'USB',
    certs: ['FCC', 'CE'],
    hs: '94054090',
  },
  '6012': {
    size: [120, 60, 60],
    pkg: [130, 70, 70],
    net: 110,
    powerPack: 1,
    material: 2,
    voltage: '120V AC',
    watts: 9,
    plug: 'none',
    certs: ['FCC', 'ETL'],
    hs: '85395200',
  },
  '6013': {
    size: [450, 80, 80],
    pkg: [470, 200, 100],
    net: 650,
    powerPack: 1,
    material: 1,
    voltage: '100-240V AC',
    watts: 20,
    plug: 'US',
    certs: ['FCC', 'CE'],
    hs: '94054090',
  },
  '6014': {
    size: [180, 180, 60],
    pkg: [200, 200, 80],
    net: 780,
    powerPack: 2,
    material: 2,
    voltage: '100-240V AC',
    watts: 18,
    plug: 'US',
    certs: ['FCC', 'CE', 'UKCA'],
    hs: '94054090',
  },
  '6015': {
    size: [220, 120, 90],
    pkg: [250, 150, 110],
    net: 560,
    powerPack: 1,
    material: 1,
    voltage: '100-240V AC',
    watts: 12,
    plug: 'none',
    certs: ['FCC', 'ETL'],
    hs: '94054090',
  },
  '7011': {
    size: [66, 66, 22],
    pkg: [110, 90, 40],
    net: 80,
    powerPack: 1,
    material: 2,
    voltage: '3V DC',
    watts: null,
    plug: 'none',
    certs: ['FCC', 'CE', 'TELEC'],
    hs: '90251900',
  },
  '7012': {
    size: [70, 45, 20],
    pkg: [110, 90, 40],
    net: 60,
    powerPack: 1,
    material: 2,
    voltage: '3V DC',
    watts: null,
    plug: 'none',
    certs: ['FCC', 'CE'],
    hs: '90251900',
  },
  '5111': {
    size: [250, 200, 300],
    pkg: [300, 260, 360],
    net: 2500,
    powerPack: 1,
    material: 2,
    voltage: '120V AC',
    watts: 1200,
    plug: 'US',
    certs: ['FCC', 'ETL'],
    hs: '85167990',
  },
  '5112': {
    size: [320, 280, 300],
    pkg: [380, 340, 360],
    net: 4200,
    powerPack: 1,
    material: 1,
    voltage: '120V AC',
    watts: 1500,
    plug: 'US',
    certs: ['FCC', 'ETL'],
    hs: '85166090',
  },
  '7111': {
    size: [50, 30, 15],
    pkg: [100, 80, 30],
    net: 30,
    powerPack: 1,
    material: 2,
    voltage: '3V DC',
    watts: null,
    plug: 'none',
    certs: ['FCC', 'CE'],
    hs: '85311090',
  },
};

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
