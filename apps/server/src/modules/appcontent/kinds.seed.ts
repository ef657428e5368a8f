/**
 * Demo rows of the declared kinds beyond banners (FAQ, roadmap), so `npm start` shows their
 * screens working: entries in every state, one for a device model of the catalogue, one for
 * Chinese apps only. Applied once (app_meta `seed.appcontent.kinds`), after the banners' seed.
 */
import type { FaqPayload } from '@bo/contract/appcontent/faq';
import type { RoadmapPayload } from '@bo/contract/appcontent/roadmap';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type DemoRecord, insertDemo, seedContext } from './appcontent.seed';

export const KINDS_SEED_KEY = 'seed.appcontent.kinds';

const faq = (name: string, p: FaqPayload, rest: Omit<DemoRecord, 'kind' | 'slot' | 'name' | 'payload'>): DemoRecord => ({
  kind: 'faq',
  slot: 'main',
  name,
  payload: p,
  ...rest,
});
const roadmap = (name: string, p: RoadmapPayload, rest: Omit<DemoRecord, 'kind' | 'slot' | 'name' | 'payload'>): DemoRecord => ({
  kind: 'roadmap',
  slot: 'main',
  name,
  payload: p,
  ...rest,
});

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

export async function applyKindsDemoOnce(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274379)`);
    const [done] = (await tx.execute(sql`SELECT 1 AS x FROM app_meta WHERE key = ${KINDS_SEED_KEY}`)).rows;
    if (done) return;
    const { ownerId, model } = await seedContext(tx);
    for (const r of demo(model)) await insertDemo(tx, ownerId, r);
    await tx.execute(sql`INSERT INTO app_meta (key, value) VALUES (${KINDS_SEED_KEY}, 'applied') ON CONFLICT DO NOTHING`);
  });
}
