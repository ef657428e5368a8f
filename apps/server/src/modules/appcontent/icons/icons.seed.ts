/** Demo light-effect icons (apply-once): one or two per group, published; a draft and an archived one. */
import type { EffectCategory } from '@bo/contract/appcontent/light-effects';
import type { Db } from '../../../db/client';
import { type DemoRecord, seedContext, storeImage } from '../appcontent.seed';
import { applyOnce } from '../kinds.seed';
import { ICON_SIDE, iconPng } from './icon-image';

export const ICONS_SEED_KEY = 'seed.appcontent.icons';

const DEMO: [nameZh: string, nameEn: string, group: EffectCategory, glyph: string, color: string, state: DemoRecord['state']][] =
  [
    ['烟花', 'Fireworks', 'festival', 'F', '#D0021B', 'published'],
    ['圣诞树', 'Christmas tree', 'festival', 'X', '#27AE60', 'published'],
    ['极光', 'Aurora', 'nature', 'A', '#00B4D8', 'published'],
    ['海浪', 'Ocean waves', 'nature', 'W', '#0077B6', 'published'],
    ['烛光', 'Candlelight', 'mood', 'C', '#F5A623', 'published'],
    ['迪斯科', 'Disco', 'party', 'D', '#9B51E0', 'published'],
    ['赛车', 'Racing', 'game', 'R', '#EB5757', 'published'],
    ['星空', 'Starry sky', 'nature', 'S', '#2D3A8C', 'draft'],
    ['旧版音符', 'Old note', 'other', 'N', '#828282', 'archived'],
  ];

export async function applyIconsDemoOnce(db: Db): Promise<void> {
  const pngs = await Promise.all(DEMO.map(([, , , glyph, color]) => iconPng(glyph, color)));
  await applyOnce(db, ICONS_SEED_KEY, async (tx) => {
    const { ownerId } = await seedContext(tx);
    const records: DemoRecord[] = [];
    for (const [i, [nameZh, nameEn, group, , , state]] of DEMO.entries()) {
      const image = await storeImage(
        tx,
        db,
        ownerId,
        `icon-${i + 1}.png`,
        pngs[i] as Buffer,
        [ICON_SIDE, ICON_SIDE],
        'app-light-effect-icon',
      );
      const payload = { nameZh, nameEn, group, imageFileId: image.imageFileId, width: image.width, height: image.height };
      records.push({ kind: 'lightEffectIcon', slot: 'main', name: `Icon — ${nameEn}`, payload, state, position: i * 10 });
    }
    return records;
  });
}
