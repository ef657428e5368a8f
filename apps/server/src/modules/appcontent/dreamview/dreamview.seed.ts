/** Demo DreamView scenes (apply-once), for the catalogue's first model: movie, game and music scenes live, a draft. */
import type { Db } from '../../../db/client';
import type { DemoRecord } from '../appcontent.seed';
import { applyOnce } from '../kinds.seed';

export const DREAMVIEW_SEED_KEY = 'seed.appcontent.dreamview';

const scene = (
  name: string,
  titleZh: string,
  titleEn: string,
  effect: { category: string; mode: string; colors: string[]; segments: number[]; speed: number | null; brightness: number },
  state: DemoRecord['state'],
  position: number,
) => ({ name, payload: { titleZh, titleEn, ...effect }, state, position });

const DEMO = [
  scene(
    'DreamView — cinema',
    '影院',
    'Cinema',
    {
      category: 'mood',
      mode: 'gradient',
      colors: ['#1B263B', '#E0A96D'],
      segments: [0, 0, 1, 1, 0, 0],
      speed: null,
      brightness: 60,
    },
    'published',
    10,
  ),
  scene(
    'DreamView — game',
    '游戏',
    'Game',
    {
      category: 'game',
      mode: 'flow',
      colors: ['#FF0054', '#00F5D4', '#9B5DE5'],
      segments: [0, 1, 2, 0, 1, 2, 0, 1],
      speed: 80,
      brightness: 100,
    },
    'published',
    20,
  ),
  scene(
    'DreamView — music',
    '音乐',
    'Music',
    { category: 'party', mode: 'music', colors: ['#F72585', '#4CC9F0'], segments: [0, 1, 0, 1], speed: 60, brightness: 90 },
    'published',
    30,
  ),
  scene(
    'DreamView — sports (draft)',
    '体育',
    'Sports',
    { category: 'game', mode: 'breathe', colors: ['#2DC653'], segments: [0, 0, 0, 0], speed: 40, brightness: 100 },
    'draft',
    40,
  ),
];

export const applyDreamViewDemoOnce = (db: Db) =>
  applyOnce(db, DREAMVIEW_SEED_KEY, async (_tx, model) =>
    model ? DEMO.map((d) => ({ kind: 'dreamViewScene' as const, slot: 'main', models: [model], ...d })) : [],
  );
