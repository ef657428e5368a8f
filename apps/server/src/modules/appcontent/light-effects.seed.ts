/**
 * Demo rows of the light effects (docs/appcontent.md "Light effects"), so `npm start` shows their
 * screens working: effects in the three libraries (one for the catalogue's first model, one a
 * draft), palettes, colour recommendations and one pixel graphic. Applied once (app_meta
 * `seed.appcontent.lightEffects`), after the guides' seed.
 */
import {
  type ColorStorePayload,
  cycleSegments,
  type LightEffectPayload,
  type LightEffectSlot,
  type RecommendColorPayload,
  type RecommendGraphPayload,
} from '@bo/contract/appcontent/light-effects';
import type { Db } from '../../db/client';
import type { DemoRecord } from './appcontent.seed';
import { applyOnce } from './kinds.seed';

export const LIGHT_EFFECTS_SEED_KEY = 'seed.appcontent.lightEffects';

type Rest = Omit<DemoRecord, 'kind' | 'slot' | 'name' | 'payload'>;
const effect = (slot: LightEffectSlot, name: string, payload: LightEffectPayload, rest: Rest): DemoRecord => ({
  kind: 'lightEffect',
  slot,
  name,
  payload,
  ...rest,
});
const main =
  <P extends object>(kind: DemoRecord['kind']) =>
  (name: string, payload: P, rest: Rest): DemoRecord => ({ kind, slot: 'main', name, payload, ...rest });
const palette = main<ColorStorePayload>('colorStore');
const recommend = main<RecommendColorPayload>('recommendColor');
const graph = main<RecommendGraphPayload>('recommendGraph');

/** A 12 × 10 heart on a dark field (0 dark, 1 red, 2 pink highlight). */
const HEART = [
  '000000000000',
  '001100001100',
  '012110011110',
  '011111111110',
  '011111111110',
  '001111111100',
  '000111111000',
  '000011110000',
  '000001100000',
  '000000000000',
];

const demo = (model: string | undefined): DemoRecord[] => [
  effect(
    'scene',
    'Sunset',
    {
      titleZh: '日落',
      titleEn: 'Sunset',
      category: 'nature',
      mode: 'gradient',
      colors: ['#FF5E3A', '#FF9F1C', '#7B2CBF'],
      segments: cycleSegments(12, 3),
      speed: null,
      brightness: 80,
    },
    { state: 'published', priority: 10 },
  ),
  effect(
    'scene',
    'Aurora',
    {
      titleZh: '极光',
      titleEn: 'Aurora',
      category: 'nature',
      mode: 'flow',
      colors: ['#00F5D4', '#00BBF9', '#9B5DE5'],
      segments: cycleSegments(24, 3),
      speed: 35,
      brightness: 70,
    },
    { state: 'published', models: model ? [model] : [] },
  ),
  effect(
    'scene',
    'Reading',
    {
      titleZh: '阅读',
      titleEn: 'Reading',
      category: 'mood',
      mode: 'static',
      colors: ['#FFE8C2'],
      segments: [0],
      speed: null,
      brightness: 100,
    },
    { state: 'published', position: 1 },
  ),
  effect(
    'music',
    'Party beat',
    {
      titleZh: '派对节拍',
      titleEn: 'Party beat',
      category: 'party',
      mode: 'music',
      colors: ['#FF006E', '#3A86FF', '#FFBE0B', '#8338EC'],
      segments: cycleSegments(16, 4),
      speed: 80,
      brightness: 100,
    },
    { state: 'published' },
  ),
  effect(
    'diy',
    'Calm breath',
    {
      titleZh: '平静呼吸',
      titleEn: 'Calm breath',
      category: 'mood',
      mode: 'breathe',
      colors: ['#4361EE'],
      segments: [0, 0, 0, 0],
      speed: 15,
      brightness: 60,
    },
    { state: 'draft' },
  ),
  palette(
    'Ocean',
    { titleZh: '海洋', titleEn: 'Ocean', colors: ['#03045E', '#0077B6', '#00B4D8', '#90E0EF'] },
    { state: 'published' },
  ),
  palette(
    'Spring festival',
    { titleZh: '新春', titleEn: 'Spring festival', colors: ['#D00000', '#FFBA08', '#F48C06'] },
    { state: 'published', languages: ['zh'] },
  ),
  palette('Forest (draft)', { titleZh: '森林', titleEn: 'Forest', colors: ['#2D6A4F', '#95D5B2'] }, { state: 'draft' }),
  recommend(
    'Festival red',
    {
      category: 'festival',
      colors: ['#D00000', '#FFBA08'],
      reasonZh: '红金配色最有节日气氛。',
      reasonEn: 'Red and gold feel most like a holiday.',
    },
    { state: 'published' },
  ),
  recommend(
    'Gaming cyan',
    { category: 'game', colors: ['#00F5D4'], reasonZh: '', reasonEn: 'A cool cyan keeps the eyes on the screen.' },
    { state: 'published' },
  ),
  graph(
    'Heart',
    {
      titleZh: '爱心',
      titleEn: 'Heart',
      width: 12,
      height: 10,
      palette: ['#000000', '#E63946', '#FFB4C2'],
      cells: HEART.join('').split('').map(Number),
    },
    { state: 'published' },
  ),
];

export const applyLightEffectsDemoOnce = (db: Db) => applyOnce(db, LIGHT_EFFECTS_SEED_KEY, async (_tx, model) => demo(model));
