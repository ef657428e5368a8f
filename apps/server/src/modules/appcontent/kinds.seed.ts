/**
 * Demo rows of the declared kinds beyond banners (FAQ, roadmap, app guides, buying guides), so `npm start` shows their
 * screens working: entries in every state, one for a device model of the catalogue, one for
 * Chinese apps only. Applied once (app_meta `seed.appcontent.kinds`, and `seed.appcontent.guides` for
 * the guides), after the banners' seed.
 */
import type { AppGuidePayload } from '@bo/contract/appcontent/app-guide';
import type { BuyingGuidePayload } from '@bo/contract/appcontent/buying-guide';
import type { FaqPayload } from '@bo/contract/appcontent/faq';
import type { RoadmapPayload } from '@bo/contract/appcontent/roadmap';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { catalogSkus } from '../catalog/catalog.reads';
import { type DemoRecord, insertDemo, seedContext } from './appcontent.seed';

export const KINDS_SEED_KEY = 'seed.appcontent.kinds';
export const GUIDES_SEED_KEY = 'seed.appcontent.guides';

type Rest = Omit<DemoRecord, 'kind' | 'slot' | 'name' | 'payload'>;
/** A demo record of one kind's main slot. */
const demoOf =
  <P extends object>(kind: DemoRecord['kind']) =>
  (name: string, payload: P, rest: Rest): DemoRecord => ({ kind, slot: 'main', name, payload, ...rest });
const faq = demoOf<FaqPayload>('faq');
const roadmap = demoOf<RoadmapPayload>('roadmap');
const appGuide = demoOf<AppGuidePayload>('appGuide');
const buyingGuide = demoOf<BuyingGuidePayload>('buyingGuide');
const steps = (...pairs: [string, string][]) => pairs.map(([textZh, textEn]) => ({ textZh, textEn }));

const demo = (model: string | undefined): DemoRecord[] => [
  faq(
    'Pairing',
    {
      questionZh: '如何把灯连接到 App？',
      questionEn: 'How do I pair my light with the app?',
      answerZh: '打开蓝牙，长按灯的开关 5 秒直到闪烁，然后在 App 首页点「添加设备」。',
      answerEn:
        'Turn on Bluetooth, hold the light’s switch for 5 seconds until it blinks, then tap “Add device” on the home screen.',
      category: 'device',
    },
    { state: 'published', priority: 10 },
  ),
  faq(
    'Wi-Fi bands',
    {
      questionZh: '支持 5 GHz Wi-Fi 吗？',
      questionEn: 'Does it work on 5 GHz Wi-Fi?',
      answerZh: '目前只支持 2.4 GHz 网络。',
      answerEn: 'Only 2.4 GHz networks for now.',
      category: 'device',
    },
    { state: 'published', models: model ? [model] : [], position: 1 },
  ),
  faq(
    'Order tracking (zh)',
    {
      questionZh: '怎么查询订单物流？',
      questionEn: '',
      answerZh: '在「我的」-「订单」里点开订单即可看到物流。',
      answerEn: '',
      category: 'order',
    },
    { state: 'published', languages: ['zh'], position: 2 },
  ),
  faq(
    'Account deletion',
    {
      questionZh: '如何注销账号？',
      questionEn: 'How do I delete my account?',
      answerZh: '在「设置」-「账号与安全」中申请注销，7 天内可撤回。',
      answerEn: 'Ask for it under Settings › Account & security; you can take it back within 7 days.',
      category: 'account',
    },
    { state: 'draft' },
  ),
  faq(
    'Old firmware note',
    {
      questionZh: '固件 1.x 如何升级？',
      questionEn: 'How do I update firmware 1.x?',
      answerZh: '请先升级 App。',
      answerEn: 'Update the app first.',
      category: 'app',
    },
    { state: 'archived' },
  ),
  roadmap(
    'Matter support',
    {
      titleZh: 'Matter 支持',
      titleEn: 'Matter support',
      descriptionZh: '用 Apple 家庭、Google Home 直接控制灯具。',
      descriptionEn: 'Control the lights from Apple Home and Google Home directly.',
      status: 'building',
      quarter: '2027-Q1',
    },
    { state: 'published', priority: 10 },
  ),
  roadmap(
    'Music sync 2',
    {
      titleZh: '音乐律动 2.0',
      titleEn: 'Music sync 2.0',
      descriptionZh: '更低延迟的音乐律动效果。',
      descriptionEn: 'Music effects with lower latency.',
      status: 'released',
      quarter: '2026-Q3',
    },
    { state: 'published', position: 1 },
  ),
  roadmap(
    'Scenes sharing',
    {
      titleZh: '场景分享',
      titleEn: 'Share scenes',
      descriptionZh: '把自己做的灯效分享到社区。',
      descriptionEn: 'Share your own light scenes with the community.',
      status: 'planned',
      quarter: '2027-Q2',
    },
    { state: 'scheduled', start: 5, position: 2 },
  ),
  roadmap(
    'Energy report',
    {
      titleZh: '用电报告',
      titleEn: 'Energy report',
      descriptionZh: '',
      descriptionEn: 'Monthly energy use per device.',
      status: 'planned',
      quarter: '2027-Q3',
    },
    { state: 'draft' },
  ),
];

/** App guides in every state (one for Chinese apps only); buying guides linking the catalogue's first SKUs (none when it has none). */
const guidesDemo = (skus: string[]): DemoRecord[] => [
  appGuide(
    'First pairing',
    {
      titleZh: '第一次连接灯具',
      titleEn: 'Pair your first light',
      steps: steps(
        ['打开手机蓝牙和定位权限。', 'Turn on Bluetooth and location access.'],
        ['长按灯的开关 5 秒，直到灯闪烁。', 'Hold the light’s switch for 5 seconds until it blinks.'],
        ['在 App 首页点「添加设备」，按提示完成。', 'Tap “Add device” on the home screen and follow the prompts.'],
      ),
      topic: 'pairing',
    },
    { state: 'published', priority: 10 },
  ),
  appGuide(
    'Scenes basics',
    {
      titleZh: '创建一个场景',
      titleEn: 'Make a scene',
      steps: steps(
        ['进入「场景」页，点右上角「+」。', 'Open Scenes and tap “+”.'],
        ['选择灯具和颜色，保存。', 'Pick the lights and colours, then save.'],
      ),
      topic: 'scenes',
    },
    { state: 'published', languages: ['zh'], position: 1 },
  ),
  appGuide(
    'Family sharing',
    {
      titleZh: '与家人共享设备',
      titleEn: 'Share devices with your family',
      steps: steps(['在「我的」-「家庭」中邀请成员。', 'Invite members under Me › Home.']),
      topic: null,
    },
    { state: 'scheduled', start: 7 },
  ),
  appGuide(
    'Account recovery',
    {
      titleZh: '',
      titleEn: 'Get back into your account',
      steps: steps(['', 'Tap “Forgot password” on the sign-in screen.'], ['', 'Follow the link in the e-mail.']),
      topic: 'account',
    },
    { state: 'draft' },
  ),
  ...(skus.length
    ? [
        buyingGuide(
          'Living room picks',
          {
            titleZh: '客厅灯具怎么选',
            titleEn: 'Lights for the living room',
            bodyZh: '客厅适合可调色温的灯带和落地灯：看电影时调暗，聚会时切换灯效。',
            bodyEn:
              'Strips and floor lamps with adjustable warmth suit a living room: dim them for films, switch effects for parties.',
            skus: skus.slice(0, 3),
          },
          { state: 'published', priority: 10 },
        ),
        buyingGuide(
          'Gaming setup',
          {
            titleZh: '游戏桌面氛围灯',
            titleEn: 'A gaming desk setup',
            bodyZh: '跟随屏幕变色的灯带让游戏更沉浸。',
            bodyEn: 'A strip that follows the screen makes games more immersive.',
            skus: skus.slice(-1),
          },
          { state: 'published', countries: ['US', 'CA'], position: 1 },
        ),
        buyingGuide(
          'Outdoor lights (draft)',
          {
            titleZh: '户外灯具',
            titleEn: '',
            bodyZh: '防水等级 IP65 以上的灯具适合庭院。',
            bodyEn: '',
            skus: skus.slice(-2),
          },
          { state: 'draft' },
        ),
        buyingGuide(
          'Holiday 2025',
          {
            titleZh: '节日灯饰',
            titleEn: 'Holiday lights',
            bodyZh: '节日限定灯效推荐。',
            bodyEn: 'Our picks for the holidays.',
            skus: skus.slice(0, 1),
          },
          { state: 'archived' },
        ),
      ]
    : []),
];

/** Inserts `records` once per database (app_meta `key`), under an advisory lock. */
export async function applyOnce(db: Db, key: string, records: (tx: DbOrTx, model: string | undefined) => Promise<DemoRecord[]>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274379)`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${key}`)).rows;
    if (done) return;
    const { ownerId, model } = await seedContext(tx);
    for (const r of await records(tx, model)) await insertDemo(tx, ownerId, r);
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${key}, 'applied') ON CONFLICT DO NOTHING`);
  });
}

export const applyKindsDemoOnce = (db: Db) => applyOnce(db, KINDS_SEED_KEY, async (_tx, model) => demo(model));

/** The guides came after the FAQ and roadmap: their own key, so a database seeded before gets them too. */
export const applyGuidesDemoOnce = (db: Db) =>
  applyOnce(db, GUIDES_SEED_KEY, async (tx) =>
    guidesDemo(
      (await tx.execute<{ sku: string }>(sql`SELECT s.sku FROM ${catalogSkus} s ORDER BY s.id LIMIT 4`)).rows.map((r) => r.sku),
    ),
  );
