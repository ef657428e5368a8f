/**
 * Demo rows of the device catalogue, so `npm start` shows its screens working: set-up flows
 * (a Bluetooth one for every model, a Wi-Fi one for the catalogue's first two models, a draft),
 * device pages for the catalogue's first three models (published, one scheduled, one archived
 * older page), white-balance tables (an RGBW one published, an RGB draft), the settings of the
 * catalogue's first two SKUs (one published, one draft). Applied once (app_meta
 * `seed.appdevices`), after the app content's seeds; nothing when the catalogue has no model.
 */
import type { DeviceProductPayload } from '@bo/contract/appdevices/devices';
import type { FlowStep, PairingFlowPayload } from '@bo/contract/appdevices/pairing-flows';
import type { SkuConfigPayload } from '@bo/contract/appdevices/sku-config';
import type { WhiteBalancePayload } from '@bo/contract/appdevices/white-balance';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { pairingFlows } from '../appcontent/appcontent.reads';
import { type DemoRecord, insertDemo, seedContext, storeImage } from '../appcontent/appcontent.seed';
import { applyOnce } from '../appcontent/kinds.seed';
import { catalogModels, catalogSkus } from '../catalog/catalog.reads';
import { squarePng } from './device-image';

export const DEVICES_SEED_KEY = 'seed.appdevices';

const step = (
  order: number,
  titleZh: string,
  titleEn: string,
  textZh: string,
  textEn: string,
  more: Partial<Pick<FlowStep, 'action' | 'seconds' | 'minFirmware'>> = {},
): FlowStep => ({ order, titleZh, titleEn, textZh, textEn, action: 'none', seconds: null, minFirmware: '', ...more });

const BLE: PairingFlowPayload = {
  titleZh: '蓝牙连接',
  titleEn: 'Pair over Bluetooth',
  minFirmware: '1.0.0',
  steps: [
    step(
      1,
      '打开蓝牙',
      'Turn on Bluetooth',
      '在手机设置中打开蓝牙，并允许 App 使用蓝牙。',
      'Turn on Bluetooth and let the app use it.',
    ),
    step(2, '通电', 'Power the light', '接通灯的电源，指示灯亮起。', 'Plug the light in; its indicator lights up.', {
      action: 'powerCycle',
    }),
    step(3, '进入配对', 'Start pairing', '长按开关 5 秒，直到灯闪烁。', 'Hold the switch for 5 s until the light blinks.', {
      action: 'hold',
      seconds: 5,
    }),
    step(4, '选择设备', 'Pick your light', '在列表中点选你的灯。', 'Tap your light in the list.'),
  ],
};
const WIFI: PairingFlowPayload = {
  titleZh: 'Wi-Fi 配网',
  titleEn: 'Connect to Wi-Fi',
  minFirmware: '1.2.0',
  steps: [
    step(
      1,
      '先完成蓝牙连接',
      'Pair over Bluetooth first',
      'App 通过蓝牙把 Wi-Fi 信息发给灯。',
      'The app sends the Wi-Fi details over Bluetooth.',
    ),
    step(2, '输入 Wi-Fi', 'Enter your Wi-Fi', '仅支持 2.4 GHz 网络。', 'Only 2.4 GHz networks work.', { action: 'enterWifi' }),
    step(3, '等待连接', 'Wait for the light', '灯连上网络后会常亮。', 'The light stays on once it is online.', {
      action: 'wait',
      seconds: 30,
    }),
    step(
      4,
      '扫码绑定',
      'Scan to bind',
      '新固件可扫描灯身二维码完成绑定。',
      'Newer firmware binds by scanning the code on the light.',
      {
        action: 'scanQr',
        minFirmware: '2.0.0',
      },
    ),
  ],
};
const RGBW: WhiteBalancePayload = {
  noteZh: '2024 批次灯珠校准',
  noteEn: 'Calibrated for the 2024 LED batch',
  channels: 'rgbw',
  points: [
    { cct: 2700, r: 1, g: 0.62, b: 0.28, w: 0.85 },
    { cct: 3500, r: 1, g: 0.74, b: 0.45, w: 0.9 },
    { cct: 4500, r: 0.95, g: 0.84, b: 0.66, w: 0.95 },
    { cct: 5500, r: 0.88, g: 0.9, b: 0.82, w: 1 },
    { cct: 6500, r: 0.8, g: 0.88, b: 1, w: 1 },
  ],
};
const RGB: WhiteBalancePayload = {
  noteZh: '',
  noteEn: 'Draft: RGB-only strip',
  channels: 'rgb',
  points: [
    { cct: 2700, r: 1, g: 0.58, b: 0.22, w: null },
    { cct: 6500, r: 0.82, g: 0.9, b: 1, w: null },
  ],
};

const CATEGORIES = ['strip', 'bulb', 'lamp'] as const;

type Model = { model: string; name: string; name_en: string };

/** The settings of the catalogue's first SKUs: one published with every kind of value, one draft. */
const skuConfigs = (skus: string[]): DemoRecord[] => {
  const [a, b] = skus;
  const config = (sku: string, settings: SkuConfigPayload['settings']): SkuConfigPayload => ({ sku, settings });
  return [
    ...(a
      ? [
          {
            kind: 'skuConfig' as const,
            slot: 'main',
            name: `${a} settings`,
            payload: config(a, [
              { key: 'maxBrightness', value: 90 },
              { key: 'segmentCount', value: 15 },
              { key: 'stripLength', value: 5 },
              { key: 'colorOrder', value: 'GRB' },
              { key: 'musicMode', value: true },
              { key: 'defaultScene', value: 'Sunrise' },
            ]),
            state: 'published' as const,
          },
        ]
      : []),
    ...(b
      ? [
          {
            kind: 'skuConfig' as const,
            slot: 'main',
            name: `${b} settings (draft)`,
            payload: config(b, [
              { key: 'powerOnState', value: 'last' },
              { key: 'nightLight', value: false },
            ]),
            state: 'draft' as const,
          },
        ]
      : []),
  ];
};

async function demo(tx: DbOrTx, db: Db, models: Model[], images: Buffer[]): Promise<DemoRecord[]> {
  const [a, b, c] = models;
  if (!a) return [];
  const { ownerId } = await seedContext(tx);
  const codes = models.map((m) => m.model.toUpperCase());
  // The flows first: the pages name them.
  const flows: DemoRecord[] = [
    { kind: 'pairingFlow', slot: 'ble', name: 'Bluetooth: all models', payload: BLE, state: 'published' },
    {
      kind: 'pairingFlow',
      slot: 'wifi',
      name: 'Wi-Fi: first models',
      payload: WIFI,
      models: codes.slice(0, 2),
      state: 'published',
      priority: 10,
    },
    {
      kind: 'pairingFlow',
      slot: 'ble',
      name: 'Bluetooth: quick pairing (draft)',
      payload: { ...BLE, titleEn: 'Quick pairing', titleZh: '快速配对', steps: BLE.steps.slice(2) },
      models: codes.slice(0, 1),
      state: 'draft',
    },
  ];
  for (const f of flows) await insertDemo(tx, ownerId, f);
  const flowId = async (name: string) =>
    Number((await tx.execute<{ id: number }>(sql`SELECT f.id FROM ${pairingFlows} f WHERE f.name = ${name}`)).rows[0]?.id);
  const wifi = await flowId('Wi-Fi: first models');
  const ble = await flowId('Bluetooth: all models');
  // Each page's square picture, stored through the file store as an upload would be.
  const imageIds: number[] = [];
  for (const [i, png] of images.entries())
    imageIds.push((await storeImage(tx, db, ownerId, `device-${i + 1}.png`, png, [600, 600], 'app-device')).imageFileId);
  const page = (m: Model, i: number, connectivity: DeviceProductPayload['connectivity']): DeviceProductPayload => ({
    model: m.model,
    nameZh: m.name,
    nameEn: m.name_en || m.name,
    descriptionZh: `${m.name}：在 App 中调光、调色、设置场景。`,
    descriptionEn: `${m.name_en || m.name}: dim, colour and set scenes from the app.`,
    category: CATEGORIES[i % CATEGORIES.length] ?? 'other',
    connectivity,
    imageFileId: imageIds[i] ?? null,
    minFirmware: '1.0.0',
    minAppVersion: i === 0 ? '3.0' : '',
    setupFlowId: connectivity === 'ble' ? ble : wifi,
  });
  const pages: DemoRecord[] = [
    {
      kind: 'deviceProduct',
      slot: 'main',
      name: `${a.model} page`,
      payload: page(a, 0, 'both'),
      state: 'published',
      position: 1,
    },
    {
      kind: 'deviceProduct',
      slot: 'main',
      name: `${a.model} page (2023)`,
      payload: { ...page(a, 0, 'ble'), nameEn: `${a.name_en || a.name} (2023)` },
      state: 'archived',
    },
  ];
  if (b)
    pages.push({
      kind: 'deviceProduct',
      slot: 'main',
      name: `${b.model} page`,
      payload: page(b, 1, 'wifi'),
      state: 'published',
      position: 2,
    });
  if (c)
    pages.push({
      kind: 'deviceProduct',
      slot: 'main',
      name: `${c.model} page`,
      payload: page(c, 2, 'ble'),
      state: 'scheduled',
      start: 7,
    });
  const tables: DemoRecord[] = [
    {
      kind: 'whiteBalance',
      slot: 'main',
      name: `${a.model} RGBW 2024`,
      payload: RGBW,
      models: codes.slice(0, 1),
      state: 'published',
    },
    {
      kind: 'whiteBalance',
      slot: 'main',
      name: `${(b ?? a).model} RGB`,
      payload: RGB,
      models: [codes[1] ?? codes[0] ?? ''],
      state: 'draft',
    },
  ];
  const skus = (await tx.execute<{ sku: string }>(sql`SELECT s.sku FROM ${catalogSkus} s ORDER BY s.id LIMIT 2`)).rows;
  return [...pages, ...tables, ...skuConfigs(skus.map((r) => r.sku))];
}

const PICTURES: [string, string][] = [
  ['#ff6a00', '#ee0979'],
  ['#2193b0', '#6dd5ed'],
  ['#8e2de2', '#4a00e0'],
];

export async function applyDevicesDemoOnce(db: Db): Promise<void> {
  // The pictures first, outside the transaction (rendering takes a moment); stored inside it.
  const images = await Promise.all(PICTURES.map(([from, to]) => squarePng(600, from, to)));
  await applyOnce(db, DEVICES_SEED_KEY, async (tx) =>
    demo(
      tx,
      db,
      (await tx.execute<Model>(sql`SELECT m.model, m.name, m.name_en FROM ${catalogModels} m ORDER BY m.id LIMIT 3`)).rows,
      images,
    ),
  );
}
