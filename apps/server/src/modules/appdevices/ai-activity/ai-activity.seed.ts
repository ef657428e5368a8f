/**
 * Demo AI activities (apply-once, `seed.appdevices.aiActivity`): one running for the catalogue's
 * first two models, one to come, a draft; each with its 2:1 banner in the file store.
 */
import type { AiActivityPayload } from '@bo/contract/appdevices/ai-activity';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type DemoRecord, seedContext, storeImage } from '../../appcontent/appcontent.seed';
import { gradientPng } from '../../appcontent/covers/cover-image';
import { applyOnce } from '../../appcontent/kinds.seed';
import { catalogModels } from '../../catalog/catalog.reads';

export const AI_ACTIVITY_SEED_KEY = 'seed.appdevices.aiActivity';
export const AI_BANNER_SIZE = [1200, 600] as const;

type Demo = [
  name: string,
  texts: Omit<AiActivityPayload, 'imageFileId' | 'width' | 'height'>,
  colors: [string, string],
  rest: Pick<DemoRecord, 'state' | 'start' | 'end'>,
];
const DEMO: Demo[] = [
  [
    'Describe your dream room',
    {
      titleZh: '说出你的梦想房间',
      titleEn: 'Describe your dream room',
      rulesZh: '用一句话描述你想要的氛围，AI 会为你的灯生成灯效；分享到社区即可参与评选。',
      rulesEn: 'Describe the mood you want in one sentence and the AI lights your room; share it to the community to enter.',
      prompts: [
        { zh: '海边日落', en: 'Sunset by the sea' },
        { zh: '赛博朋克城市夜景', en: 'Cyberpunk city at night' },
        { zh: '森林里的清晨', en: 'Morning in the forest' },
      ],
    },
    ['#7F00FF', '#E100FF'],
    { state: 'scheduled', start: -2, end: 12 },
  ],
  [
    'Winter holidays with AI',
    {
      titleZh: 'AI 冬日灯光',
      titleEn: 'Winter lights with AI',
      rulesZh: '描述你的节日场景，生成专属节日灯效。',
      rulesEn: 'Describe your holiday scene and get a light effect of your own.',
      prompts: [
        { zh: '壁炉旁的圣诞夜', en: 'Christmas night by the fire' },
        { zh: '下雪的街道', en: 'A snowy street' },
      ],
    },
    ['#2193b0', '#6dd5ed'],
    { state: 'scheduled', start: 20, end: 45 },
  ],
  [
    'Spring prompts (draft)',
    {
      titleZh: '春天的颜色',
      titleEn: 'Colours of spring',
      rulesZh: '描述春天，生成春日灯效。',
      rulesEn: 'Describe spring and light it.',
      prompts: [{ zh: '樱花雨', en: 'Cherry blossom rain' }],
    },
    ['#56AB2F', '#A8E063'],
    { state: 'draft', start: 100, end: 130 },
  ],
];

export async function applyAiActivityDemoOnce(db: Db): Promise<void> {
  const pngs = await Promise.all(DEMO.map(([name, , [from, to]]) => gradientPng(AI_BANNER_SIZE, name, from, to)));
  await applyOnce(db, AI_ACTIVITY_SEED_KEY, async (tx) => {
    const models = (
      await tx.execute<{ model: string }>(sql`SELECT upper(m.model) AS model FROM ${catalogModels} m ORDER BY m.id LIMIT 2`)
    ).rows.map((r) => r.model);
    if (!models.length) return [];
    const { ownerId } = await seedContext(tx);
    const records: DemoRecord[] = [];
    for (const [i, [name, texts, , rest]] of DEMO.entries()) {
      const image = await storeImage(
        tx,
        db,
        ownerId,
        `ai-activity-${i + 1}.png`,
        pngs[i] as Buffer,
        AI_BANNER_SIZE,
        'app-ai-activity',
      );
      const payload: AiActivityPayload = { ...texts, imageFileId: image.imageFileId, width: image.width, height: image.height };
      records.push({ kind: 'aiActivity', slot: 'main', name, payload, models, ...rest });
    }
    return records;
  });
}
