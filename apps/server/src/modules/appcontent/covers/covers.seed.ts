/** Demo covers (apply-once): a live home cover and splash, a scheduled seasonal splash for the US, a draft. */
import type { CoverSlot } from '@bo/contract/appcontent/covers';
import type { Db } from '../../../db/client';
import { type DemoRecord, seedContext, storeImage } from '../appcontent.seed';
import { applyOnce } from '../kinds.seed';
import { COVER_SIZE, coverPng } from './cover-image';

export const COVERS_SEED_KEY = 'seed.appcontent.covers';

interface DemoCover {
  slot: CoverSlot;
  name: string;
  title: string;
  colors: [string, string];
  altZh: string;
  altEn: string;
  link: string;
  rest: Partial<DemoRecord> & Pick<DemoRecord, 'state'>;
}

const DEMO: DemoCover[] = [
  {
    slot: 'home',
    name: 'Home cover — everyday',
    title: 'Lumio Home',
    colors: ['#0F2027', '#2C5364'],
    altZh: '柔光下的客厅',
    altEn: 'A living room in soft light',
    link: 'lumio://scenes',
    rest: { state: 'published' },
  },
  {
    slot: 'splash',
    name: 'Splash — default',
    title: 'Lumio',
    colors: ['#141E30', '#243B55'],
    altZh: 'Lumio 标志',
    altEn: 'The Lumio logo',
    link: '',
    rest: { state: 'published' },
  },
  {
    slot: 'splash',
    name: 'Splash — winter sale (US)',
    title: 'Winter Sale',
    colors: ['#1E3C72', '#2A5298'],
    altZh: '冬季特卖',
    altEn: 'Winter sale',
    link: 'https://example.com/winter',
    rest: { state: 'scheduled', countries: ['US'], start: 7, end: 21, priority: 10 },
  },
  {
    slot: 'home',
    name: 'Home cover — spring (draft)',
    title: 'Spring',
    colors: ['#56AB2F', '#A8E063'],
    altZh: '春日花园',
    altEn: 'A spring garden',
    link: '',
    rest: { state: 'draft' },
  },
];

export async function applyCoversDemoOnce(db: Db): Promise<void> {
  // Rendered before the transaction (a moment each), stored inside it.
  const pngs = await Promise.all(DEMO.map((c) => coverPng(c.slot, c.title, c.colors[0], c.colors[1])));
  await applyOnce(db, COVERS_SEED_KEY, async (tx) => {
    const { ownerId } = await seedContext(tx);
    const records: DemoRecord[] = [];
    for (const [i, c] of DEMO.entries()) {
      const name = `cover-${c.slot}-${i + 1}.png`;
      const image = await storeImage(tx, db, ownerId, name, pngs[i] as Buffer, COVER_SIZE[c.slot], `app-cover:${c.slot}`);
      const payload = { ...image, altZh: c.altZh, altEn: c.altEn, link: c.link };
      records.push({ kind: 'cover', slot: c.slot, name: c.name, payload, ...c.rest });
    }
    return records;
  });
}
