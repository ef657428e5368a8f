/**
 * Customs' demo rows, after the sales demo made the catalogue: for most demo models a record for
 * the US and DE, for every third one JP, for every fourth a '*' (any other destination) record,
 * with HS codes, names, materials and flags by product line. Every eighth launched model is left
 * without any record, so /customBasic's "missing" view shows gaps to fill. Applied once (app_meta),
 * never over records already there.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export const CUSTOMS_SEED_KEY = 'seed.customs';

interface LineCustoms {
  /** China's export code, and the US import code (HTS) where it differs. */
  hs: string;
  usHs: string | null;
  name: readonly [string, string];
  material: string;
  usage: string;
  unit: 'pcs' | 'set' | 'kg';
  value: readonly [number, number];
  rebate: number;
  battery: 'none' | 'builtInLiIon' | 'lithiumMetal' | 'packedWith';
  magnetic: boolean;
  wireless: boolean;
}

const LIGHT: Omit<LineCustoms, 'name' | 'value'> = {
  hs: '9405420000',
  usHs: '9405428440',
  material: 'PCB, LED, silicone 柔性线路板/LED/硅胶',
  usage: 'Decorative lighting 装饰照明',
  unit: 'set',
  rebate: 13,
  battery: 'none',
  magnetic: false,
  wireless: true,
};

/** By the product's category code (spec §3). */
const BY_LINE: Record<string, LineCustoms> = {
  '6111': { ...LIGHT, name: ['LED灯带', 'LED strip light'], value: [6, 14] },
  '6112': { ...LIGHT, name: ['LED电视背光灯带', 'LED TV backlight strip'], value: [12, 30] },
  '6113': { ...LIGHT, name: ['LED霓虹灯带', 'LED neon rope light'], value: [10, 22] },
  '6121': {
    ...LIGHT,
    hs: '8512201000',
    usHs: '8512204040',
    name: ['汽车LED氛围灯', 'Car LED ambient light'],
    usage: 'Vehicle interior lighting 车内照明',
    value: [5, 12],
    magnetic: true,
  },
  '6131': {
    ...LIGHT,
    material: 'Aluminium, PC, LED 铝/PC/LED',
    name: ['LED落地灯', 'LED floor lamp'],
    usage: 'Indoor lighting 室内照明',
    unit: 'pcs',
    value: [15, 35],
  },
  '6011': { ...LIGHT, name: ['LED电竞灯条', 'LED gaming light bar'], value: [8, 20], magnetic: true },
  '6012': {
    ...LIGHT,
    hs: '8539520000',
    usHs: '8539520090',
    name: ['LED灯泡', 'LED bulb'],
    material: 'PC, aluminium, LED PC/铝/LED',
    usage: 'Outdoor lighting 户外照明',
    unit: 'pcs',
    value: [3, 9],
    wireless: false,
  },
  '6013': { ...LIGHT, name: ['LED庭院灯', 'LED garden light'], usage: 'Outdoor lighting 户外照明', value: [9, 20] },
  '6014': { ...LIGHT, name: ['LED灯串', 'LED string light'], usage: 'Outdoor lighting 户外照明', value: [7, 18] },
  '6015': { ...LIGHT, name: ['LED壁灯', 'LED wall light'], usage: 'Outdoor lighting 户外照明', unit: 'pcs', value: [8, 16] },
  '7011': {
    hs: '9025198000',
    usHs: '9025198085',
    name: ['电子温湿度计', 'Digital thermo-hygrometer'],
    material: 'ABS, PCB ABS/线路板',
    usage: 'Measuring temperature and humidity 测量温湿度',
    unit: 'pcs',
    value: [3, 8],
    rebate: 9,
    battery: 'packedWith',
    magnetic: false,
    wireless: true,
  },
  '7012': {
    hs: '9025198000',
    usHs: '9025198085',
    name: ['温度报警器', 'Temperature alarm'],
    material: 'ABS, PCB ABS/线路板',
    usage: 'Temperature alarm 温度报警',
    unit: 'pcs',
    value: [4, 9],
    rebate: 9,
    battery: 'lithiumMetal',
    magnetic: true,
    wireless: true,
  },
  '5111': {
    hs: '8509800090',
    usHs: null,
    name: ['智能家用电器', 'Smart household appliance'],
    material: 'ABS, PP, motor ABS/PP/电机',
    usage: 'Household use 家用',
    unit: 'pcs',
    value: [18, 45],
    rebate: 13,
    battery: 'none',
    magnetic: false,
    wireless: true,
  },
  '5112': {
    hs: '8516799000',
    usHs: '8516796000',
    name: ['智能厨房电器', 'Smart kitchen appliance'],
    material: 'Stainless steel, PP 不锈钢/PP',
    usage: 'Kitchen use 厨房用',
    unit: 'pcs',
    value: [15, 40],
    rebate: 13,
    battery: 'none',
    magnetic: false,
    wireless: true,
  },
  '7111': {
    hs: '9031809090',
    usHs: '9031808000',
    name: ['智能传感器', 'Smart sensor'],
    material: 'ABS, PCB ABS/线路板',
    usage: 'Home monitoring 家居监测',
    unit: 'pcs',
    value: [4, 10],
    rebate: 13,
    battery: 'builtInLiIon',
    magnetic: false,
    wireless: true,
  },
};
const FALLBACK: LineCustoms = { ...LIGHT, name: ['LED灯具', 'LED luminaire'], value: [5, 15] };

const CERTIFICATION: Record<string, string> = {
  US: 'FCC ID, UL 8750',
  DE: 'CE RED, RoHS, WEEE',
  UK: 'UKCA, RoHS',
  JP: 'TELEC (技适), PSE',
  '*': 'FCC, CE RED',
};

/** The external shops' ranges carry their brands (sales/seed/catalog.ts); the company's own, its house brand. */
const brandOf = (model: string) =>
  model.startsWith('BW') ? 'Brightway' : model.startsWith('NL') ? 'Nordlicht' : 'Own brand 自有品牌';

/** The destinations of the i-th model (by id): none for every eighth launched one. */
function countriesOf(i: number, launched: boolean): string[] {
  if (launched && i % 8 === 3) return [];
  const out = ['US', 'DE'];
  if (i % 3 === 0) out.push('JP');
  if (i % 5 === 1) out.push('UK');
  if (i % 4 === 1) out.push('*');
  return out;
}

export async function applyCustomsDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${CUSTOMS_SEED_KEY}))`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${CUSTOMS_SEED_KEY}`)).rows;
    if (done) return;
    const [any] = (await tx.execute(sql`SELECT 1 AS x FROM customs_basics LIMIT 1`)).rows;
    if (!any) {
      const models = (
        await tx.execute<{ id: number; model: string; category_code: string | null; lifecycle: number }>(
          sql`SELECT id, model, category_code, lifecycle FROM products ORDER BY id`,
        )
      ).rows;
      for (const [i, m] of models.entries()) {
        const line = BY_LINE[m.category_code ?? ''] ?? FALLBACK;
        const [lo, hi] = line.value;
        // A value within the line's range, fixed per model.
        const value = (lo + ((Number(m.id) * 37) % 100) * ((hi - lo) / 100)).toFixed(2);
        for (const country of countriesOf(i, Number(m.lifecycle) === 1)) {
          const importHs = country === 'US' ? line.usHs : null;
          await tx.execute(sql`
            INSERT INTO customs_basics (product_id, country, hs_code, import_hs_code, declared_name, declared_name_en,
                   material, usage, brand, unit_value, currency, declare_unit, rebate_pct, has_battery, battery_type,
                   magnetic, wireless, certification)
            VALUES (${m.id}, ${country}, ${line.hs}, ${importHs}, ${line.name[0]}, ${line.name[1]}, ${line.material},
                   ${line.usage}, ${brandOf(m.model)}, ${value}, 'USD', ${line.unit}, ${String(line.rebate)},
                   ${line.battery !== 'none'}, ${line.battery}, ${line.magnetic}, ${line.wireless},
                   ${line.wireless ? (CERTIFICATION[country] ?? '') : ''})
            ON CONFLICT (product_id, country) DO NOTHING`);
        }
      }
    }
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${CUSTOMS_SEED_KEY}, 'done') ON CONFLICT (key) DO NOTHING`);
  });
}
