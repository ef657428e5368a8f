/**
 * First start with SEED=demo, after the sales demo: a few materials with dated prices and
 * bills of materials for the SKUs of the demo catalogue, so /mcost and /bomcost have
 * something to show. Each BOM is sized from the SKU's unit cost (within ±8 %, by a
 * hash of its id), so the comparison with the recorded cost is realistic. Runs once
 * (its own app_meta key), and never over materials that are already there.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

const COSTS_SEED_KEY = 'demo.costs';

/** code, [name zh, en], unit, [category zh, en], [supplier zh, en], currency, [day, price][] */
type Pair = readonly [string, string];
const MATERIALS: [string, Pair, string, Pair, Pair, string, [string, number][]][] = [
  [
    'LED-5050-RGB',
    ['5050 RGB 灯珠', '5050 RGB LED'],
    'pcs',
    ['灯珠', 'LEDs'],
    ['深圳光电', 'Shenzhen Optoelectronics'],
    'USD',
    [
      ['2024-01-01', 0.019],
      ['2025-07-01', 0.017],
    ],
  ],
  [
    'LED-2835-W',
    ['2835 白光灯珠', '2835 white LED'],
    'pcs',
    ['灯珠', 'LEDs'],
    ['深圳光电', 'Shenzhen Optoelectronics'],
    'USD',
    [['2024-01-01', 0.006]],
  ],
  [
    'FPC-10MM',
    ['10mm 柔性线路板', '10 mm flexible circuit board'],
    'm',
    ['线路板', 'Circuit boards'],
    ['东莞柔板', 'Dongguan Flex Circuits'],
    'USD',
    [
      ['2024-01-01', 0.44],
      ['2025-03-01', 0.41],
    ],
  ],
  [
    'CTRL-WIFI-BLE',
    ['Wi-Fi + 蓝牙控制盒', 'Wi-Fi + Bluetooth controller'],
    'pcs',
    ['电子', 'Electronics'],
    ['珠海智控', 'Zhuhai Smart Control'],
    'USD',
    [
      ['2024-01-01', 2.6],
      ['2025-09-01', 2.35],
    ],
  ],
  [
    'SENSOR-TH',
    ['温湿度传感器模组', 'Temperature and humidity sensor module'],
    'pcs',
    ['电子', 'Electronics'],
    ['珠海智控', 'Zhuhai Smart Control'],
    'USD',
    [['2024-01-01', 0.95]],
  ],
  [
    'ADP-24V-EU',
    ['24V 电源适配器（欧规）', '24 V power adapter (EU plug)'],
    'pcs',
    ['电源', 'Power supplies'],
    ['', 'Netzteil GmbH'],
    'EUR',
    [['2024-01-01', 1.95]],
  ],
  [
    'ADP-12V-US',
    ['12V 电源适配器（美规）', '12 V power adapter (US plug)'],
    'pcs',
    ['电源', 'Power supplies'],
    ['惠州电源', 'Huizhou Power'],
    'USD',
    [['2024-01-01', 1.4]],
  ],
  [
    'HOUSING-ABS',
    ['ABS 外壳', 'ABS housing'],
    'set',
    ['结构件', 'Structural parts'],
    ['宁波注塑', 'Ningbo Injection Moulding'],
    'USD',
    [['2024-01-01', 0.85]],
  ],
  [
    'BOX-M',
    ['彩盒 M', 'Printed box M'],
    'pcs',
    ['包材', 'Packaging'],
    ['东莞印刷', 'Dongguan Printing'],
    'USD',
    [['2024-01-01', 0.31]],
  ],
];

export async function applyCostsDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274005)`);
    const state = await tx.execute<{ done: boolean; taken: boolean; skus: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM app_meta WHERE key = ${COSTS_SEED_KEY}) AS done,
             EXISTS (SELECT 1 FROM materials) AS taken, EXISTS (SELECT 1 FROM sku_costs) AS skus`);
    const s = state.rows[0];
    if (!s || s.done || s.taken || !s.skus) return;
    for (const [code, [name, nameEn], unit, [category, categoryEn], [supplier, supplierEn], currency, prices] of MATERIALS) {
      const [m] = (
        await tx.execute<{ id: number }>(sql`
          INSERT INTO materials (code, name, name_en, unit, category, category_en, supplier, supplier_en, currency)
          VALUES (${code}, ${name}, ${nameEn}, ${unit}, ${category}, ${categoryEn}, ${supplier}, ${supplierEn}, ${currency})
          RETURNING id`)
      ).rows;
      for (const [day, price] of prices) {
        await tx.execute(
          sql`INSERT INTO material_prices (material_id, effective_from, unit_price) VALUES (${m?.id}, ${day}::date, ${price})`,
        );
      }
    }
    // Strips and lamps: LEDs, strip board, controller, adapter, box; sensors: sensor, housing, box.
    // The LED count (or the housing sets) fills the gap to the SKU's unit cost × a factor of 0.92 – 1.08.
    await tx.execute(sql`
      WITH sku AS (
        SELECT sk.id, c.unit_cost, pl.code IN ('7011', '7012', '7111', '5111', '5112') AS sensor,
               0.92 + (abs(hashtext(sk.sku)) % 17) / 100.0 AS factor
          FROM skus sk JOIN products pr ON pr.id = sk.product_id JOIN product_lines pl ON pl.id = pr.product_line_id
          JOIN LATERAL (SELECT unit_cost FROM sku_costs WHERE sku_id = sk.id ORDER BY effective_from DESC LIMIT 1) c ON true
         WHERE abs(hashtext(sk.sku)) % 3 <> 0
      ), ins AS (
        INSERT INTO boms (sku_id, labour, overhead)
        SELECT id, round(unit_cost * 0.06, 2), round(unit_cost * 0.04, 2) FROM sku RETURNING sku_id
      )
      INSERT INTO bom_items (sku_id, material_id, quantity)
      SELECT s.id, m.id, q.qty
        FROM sku s JOIN ins ON ins.sku_id = s.id
        CROSS JOIN LATERAL (VALUES
          ('LED-5050-RGB', CASE WHEN s.sensor THEN 0 ELSE greatest(12, round((s.unit_cost * s.factor * 0.9 - 4.5) / 0.017)) END),
          ('FPC-10MM', CASE WHEN s.sensor THEN 0 ELSE 1 END),
          ('CTRL-WIFI-BLE', CASE WHEN s.sensor THEN 0 ELSE 1 END),
          ('ADP-12V-US', CASE WHEN s.sensor THEN 0 ELSE 1 END),
          ('SENSOR-TH', CASE WHEN s.sensor THEN 1 ELSE 0 END),
          ('HOUSING-ABS', CASE WHEN s.sensor THEN greatest(1, round((s.unit_cost * s.factor * 0.9 - 1.26) / 0.85)) ELSE 0 END),
          ('BOX-M', 1)) AS q(code, qty)
        JOIN materials m ON m.code = q.code
       WHERE q.qty > 0`);
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${COSTS_SEED_KEY}, 'small') ON CONFLICT (key) DO NOTHING`);
  });
}
