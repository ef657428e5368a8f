/** Demo activity themes (apply-once): a running sale, a festival to come, an ended one (archived), a draft. */
import type { Db } from '../../../db/client';
import { type DemoRecord, seedContext, storeImage } from '../appcontent.seed';
import { gradientPng } from '../covers/cover-image';
import { applyOnce } from '../kinds.seed';

export const THEMES_SEED_KEY = 'seed.appcontent.themes';
/** The banner's demo size: the theme rule's 2:1. */
export const THEME_SIZE = [1200, 600] as const;

interface DemoTheme {
  name: string;
  nameZh: string;
  nameEn: string;
  colors: [primary: string, secondary: string, background: string, text: string];
  rest: Partial<DemoRecord> & Pick<DemoRecord, 'state'>;
}

const DEMO: DemoTheme[] = [
  {
    name: 'Black Friday 2026',
    nameZh: '黑色星期五',
    nameEn: 'Black Friday',
    colors: ['#F5A623', '#D0021B', '#111111', '#FFFFFF'],
    rest: { state: 'scheduled', start: -3, end: 4, priority: 100 },
  },
  {
    name: 'Christmas 2026',
    nameZh: '圣诞灯光节',
    nameEn: 'Festival of Lights',
    colors: ['#C0392B', '#27AE60', '#FFF8F0', '#2C3E50'],
    rest: { state: 'scheduled', start: 20, end: 40 },
  },
  {
    name: 'Summer 2026 (ended)',
    nameZh: '夏日派对',
    nameEn: 'Summer party',
    colors: ['#00B4D8', '#FFD166', '#F0FBFF', '#023047'],
    rest: { state: 'archived', start: -150, end: -120 },
  },
  {
    name: 'Spring 2027 (draft)',
    nameZh: '春日焕新',
    nameEn: 'Spring refresh',
    colors: ['#56AB2F', '#A8E063', '#F6FFF0', '#1B4332'],
    rest: { state: 'draft', start: 100, end: 130 },
  },
];

export async function applyThemesDemoOnce(db: Db): Promise<void> {
  const pngs = await Promise.all(DEMO.map((d) => gradientPng(THEME_SIZE, d.nameEn, d.colors[0], d.colors[1])));
  await applyOnce(db, THEMES_SEED_KEY, async (tx) => {
    const { ownerId } = await seedContext(tx);
    const records: DemoRecord[] = [];
    for (const [i, d] of DEMO.entries()) {
      const image = await storeImage(tx, db, ownerId, `theme-${i + 1}.png`, pngs[i] as Buffer, THEME_SIZE, 'app-activity-theme');
      const [primaryColor, secondaryColor, backgroundColor, textColor] = d.colors;
      const payload = {
        nameZh: d.nameZh,
        nameEn: d.nameEn,
        primaryColor,
        secondaryColor,
        backgroundColor,
        textColor,
        imageFileId: image.imageFileId,
        width: image.width,
        height: image.height,
      };
      records.push({ kind: 'activityTheme', slot: 'main', name: d.name, payload, ...d.rest });
    }
    return records;
  });
}
