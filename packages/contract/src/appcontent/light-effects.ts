/**
 * The app's light effects (issue #24, docs/appcontent.md "Light effects"): four kinds on the
 * publishing model, all built on one effect schema.
 * - `lightEffect` (/user-platform/lightEffectLibraries): effects in three libraries (slots
 *   `scene`, `music`, `diy`). An effect is a mode, colours, the colour of each segment of the
 *   strip, a speed for the moving modes, a brightness, a name in Chinese and English and a category.
 * - `colorStore` (/lightEffectColorStore): named palettes of 2–8 colours.
 * - `recommendColor` (/lightEffectRecommendColor): a colour or a palette recommended for a
 *   category, with its reason in Chinese and English.
 * - `recommendGraph` (/lightEffectRecommendGraph): a pixel graphic for matrix lights, up to
 *   32 × 32 cells, each an index into its palette.
 * The device models an effect is for are the model's targeting list (`models`, the catalogue's),
 * never a list of the payload's own.
 */
import { z } from 'zod';
import { fieldCode } from '../validation';
import { bilingualText, contentBody, contentEndpoints, contentRecord, oneOfPair, resolvedItem } from './kinds';

/** A colour as the device takes it: `#RRGGBB` (stored upper case). */
export const HEX_COLOR = /^#[0-9A-F]{6}$/i;
export const colorSchema = z
  .string()
  .trim()
  .regex(HEX_COLOR, fieldCode('appContent.color'))
  .transform((c) => c.toUpperCase());

/**
 * The modes of an effect. Still ones show the segments' colours as they are (`static`) or
 * blended from one segment to the next (`gradient`); moving ones need a speed: the colours
 * fade in and out together (`breathe`), the segments' pattern runs along the strip (`flow`),
 * or the pattern pulses with the sound the device hears (`music`, speed: how fast a pulse fades).
 */
export const EFFECT_MODES = ['static', 'gradient', 'breathe', 'flow', 'music'] as const;
export type EffectMode = (typeof EFFECT_MODES)[number];
export const MOVING_MODES: readonly EffectMode[] = ['breathe', 'flow', 'music'];
/** Modes that show a change from one colour to another: two colours at least. */
export const BLENDING_MODES: readonly EffectMode[] = ['gradient', 'flow'];
export const isMoving = (mode: EffectMode) => MOVING_MODES.includes(mode);

export const EFFECT_CATEGORIES = ['festival', 'nature', 'mood', 'party', 'game', 'other'] as const;
export type EffectCategory = (typeof EFFECT_CATEGORIES)[number];

export const EFFECT_LIMITS = {
  colors: { min: 1, max: 16 },
  segments: { min: 1, max: 100 },
  speed: { min: 1, max: 100 },
  brightness: { min: 1, max: 100 },
  palette: { min: 2, max: 8 },
  recommend: { min: 1, max: 8 },
  graph: { side: 32, colors: 16 },
} as const;

const segLimits = EFFECT_LIMITS.segments;
const SEGMENT_INDEX = z
  .number()
  .int()
  .min(0)
  .max(EFFECT_LIMITS.colors.max - 1);

/** The fields of an effect (the library's payload). */
export const effectFields = {
  titleZh: z.string(),
  titleEn: z.string(),
  category: z.enum(EFFECT_CATEGORIES),
  mode: z.enum(EFFECT_MODES),
  /** The effect's colours, `#RRGGBB`. */
  colors: z.array(z.string()),
  /** The strip's segments from its start: each the index of its colour in `colors`. */
  segments: z.array(z.number().int()),
  /** 1–100 (fastest) for a moving mode; null for a still one. */
  speed: z.number().int().nullable(),
  brightness: z.number().int(),
};
export const effectSchema = z.object(effectFields);
export type Effect = z.infer<typeof effectSchema>;

type Issue = { path: (string | number)[]; code: Parameters<typeof fieldCode>[0]; params?: Record<string, number> };

/**
 * The rules of an effect between its fields (pure: the body's refinement and the screen's check):
 * a moving mode needs a speed and a still one has none; a blending mode has two colours at
 * least; each segment names one of the colours.
 */
export function effectIssues(e: Pick<Effect, 'mode' | 'colors' | 'segments' | 'speed'>): Issue[] {
  const out: Issue[] = [];
  if (isMoving(e.mode) && e.speed == null) out.push({ path: ['speed'], code: 'appContent.speedRequired' });
  if (!isMoving(e.mode) && e.speed != null) out.push({ path: ['speed'], code: 'appContent.speedNotMoving' });
  if (BLENDING_MODES.includes(e.mode) && e.colors.length < 2) out.push({ path: ['colors'], code: 'appContent.twoColors' });
  // With no colour at all the colours' own code says it; every segment would repeat it.
  e.segments.forEach((s, i) => {
    if (e.colors.length > 0 && s >= e.colors.length)
      out.push({ path: ['segments', i], code: 'appContent.segmentColor', params: { max: e.colors.length } });
  });
  return out;
}

const addIssues = (issues: Issue[], ctx: z.RefinementCtx) => {
  for (const i of issues)
    ctx.addIssue({ code: 'custom', path: i.path, message: fieldCode(i.code), ...(i.params ? { params: i.params } : {}) });
};

/** An effect's body fields (zod, field codes only). */
const effectBodyFields = {
  titleZh: bilingualText(100),
  titleEn: bilingualText(100),
  category: z.enum(EFFECT_CATEGORIES).default('other'),
  mode: z.enum(EFFECT_MODES),
  colors: z.array(colorSchema).min(EFFECT_LIMITS.colors.min).max(EFFECT_LIMITS.colors.max),
  segments: z.array(SEGMENT_INDEX).min(segLimits.min).max(segLimits.max),
  speed: z.number().int().min(EFFECT_LIMITS.speed.min).max(EFFECT_LIMITS.speed.max).nullable().default(null),
  brightness: z.number().int().min(EFFECT_LIMITS.brightness.min).max(EFFECT_LIMITS.brightness.max).default(100),
};

/** An effect alone (its fields and rules), without the model's: what the unit tests and the screen's check hold it to. */
export const effectBody = z
  .object(effectBodyFields)
  .strict()
  .superRefine((v, ctx) => {
    oneOfPair('titleZh', 'titleEn', 'appContent.titleRequired')(v, ctx);
    addIssues(effectIssues(v), ctx);
  });

/** Segments that cycle through `count` colours: the screen's default pattern. */
export const cycleSegments = (segments: number, colors: number) =>
  Array.from({ length: segments }, (_, i) => (colors > 0 ? i % colors : 0));

// ---- the library (`lightEffect`) -------------------------------------------------------------

export const LIGHT_EFFECT_SLOTS = ['scene', 'music', 'diy'] as const;
export type LightEffectSlot = (typeof LIGHT_EFFECT_SLOTS)[number];
const LIBRARIES = {
  page: '/user-platform/lightEffectLibraries',
  permission: 'user:platform:lightEffectLibraries:config',
} as const;
/** Three libraries, one screen (a tab each) and one permission. */
export const LIGHT_EFFECT_SLOT_DEFS = { scene: LIBRARIES, music: LIBRARIES, diy: LIBRARIES } as const;

export const lightEffectPayloadSchema = effectSchema;
export type LightEffectPayload = Effect;
export const lightEffectSchema = contentRecord(LIGHT_EFFECT_SLOTS, effectFields);
export type LightEffect = z.infer<typeof lightEffectSchema>;
export const lightEffectBody = contentBody(effectBodyFields, (v, ctx) => {
  oneOfPair('titleZh', 'titleEn', 'appContent.titleRequired')(v, ctx);
  addIssues(effectIssues(v as z.output<typeof effectBody>), ctx);
});
export type LightEffectBody = z.infer<typeof lightEffectBody>;
export const resolvedLightEffectSchema = resolvedItem(LIGHT_EFFECT_SLOTS, { title: z.string(), ...effectFields });
export type ResolvedLightEffect = z.infer<typeof resolvedLightEffectSchema>;

const libraryEndpoints = <const S extends LightEffectSlot>(slot: S) =>
  contentEndpoints({
    segment: 'light-effects',
    slot,
    noun: 'light effect',
    permission: LIBRARIES.permission,
    record: lightEffectSchema,
    body: lightEffectBody,
    item: resolvedLightEffectSchema,
  });
export const sceneEffectEndpoints = libraryEndpoints('scene');
export const musicEffectEndpoints = libraryEndpoints('music');
export const diyEffectEndpoints = libraryEndpoints('diy');
/** Each library's endpoints at `appcontent/rest/v1/light-effects/{scene|music|diy}`. */
export const LIGHT_EFFECT_ENDPOINTS_OF = {
  scene: sceneEffectEndpoints,
  music: musicEffectEndpoints,
  diy: diyEffectEndpoints,
} as const;

// ---- the colour store (`colorStore`) ---------------------------------------------------------

export const COLOR_STORE_SLOTS = ['main'] as const;
export const COLOR_STORE_SLOT_DEFS = {
  main: { page: '/user-platform/lightEffectColorStore', permission: 'user:platform:lightEffectColorStore:config' },
} as const;
const paletteFields = { titleZh: z.string(), titleEn: z.string(), colors: z.array(z.string()) };
export const colorStorePayloadSchema = z.object(paletteFields);
export type ColorStorePayload = z.infer<typeof colorStorePayloadSchema>;
export const colorStoreSchema = contentRecord(COLOR_STORE_SLOTS, paletteFields);
export type ColorStoreEntry = z.infer<typeof colorStoreSchema>;
export const colorStoreBody = contentBody(
  {
    titleZh: bilingualText(100),
    titleEn: bilingualText(100),
    colors: z.array(colorSchema).min(EFFECT_LIMITS.palette.min).max(EFFECT_LIMITS.palette.max),
  },
  oneOfPair('titleZh', 'titleEn', 'appContent.titleRequired'),
);
export const resolvedColorStoreSchema = resolvedItem(COLOR_STORE_SLOTS, { title: z.string(), ...paletteFields });
export const colorStoreEndpoints = contentEndpoints({
  segment: 'color-store',
  slot: 'main',
  noun: 'palette',
  permission: COLOR_STORE_SLOT_DEFS.main.permission,
  record: colorStoreSchema,
  body: colorStoreBody,
  item: resolvedColorStoreSchema,
});

// ---- recommended colours (`recommendColor`) --------------------------------------------------

export const RECOMMEND_COLOR_SLOTS = ['main'] as const;
export const RECOMMEND_COLOR_SLOT_DEFS = {
  main: { page: '/user-platform/lightEffectRecommendColor', permission: 'user:platform:lightEffectRecommendColor:config' },
} as const;
const recommendColorFields = {
  /** The effects' category the colours are recommended for. */
  category: z.enum(EFFECT_CATEGORIES),
  /** One colour, or a palette of up to 8. */
  colors: z.array(z.string()),
  reasonZh: z.string(),
  reasonEn: z.string(),
};
export const recommendColorPayloadSchema = z.object(recommendColorFields);
export type RecommendColorPayload = z.infer<typeof recommendColorPayloadSchema>;
export const recommendColorSchema = contentRecord(RECOMMEND_COLOR_SLOTS, recommendColorFields);
export type RecommendColor = z.infer<typeof recommendColorSchema>;
export const recommendColorBody = contentBody(
  {
    category: z.enum(EFFECT_CATEGORIES),
    colors: z.array(colorSchema).min(EFFECT_LIMITS.recommend.min).max(EFFECT_LIMITS.recommend.max),
    reasonZh: bilingualText(500),
    reasonEn: bilingualText(500),
  },
  oneOfPair('reasonZh', 'reasonEn', 'appContent.reasonRequired'),
);
export const resolvedRecommendColorSchema = resolvedItem(RECOMMEND_COLOR_SLOTS, { reason: z.string(), ...recommendColorFields });
export const recommendColorEndpoints = contentEndpoints({
  segment: 'recommend-color',
  slot: 'main',
  noun: 'colour recommendation',
  permission: RECOMMEND_COLOR_SLOT_DEFS.main.permission,
  record: recommendColorSchema,
  body: recommendColorBody,
  item: resolvedRecommendColorSchema,
});

// ---- recommended graphics (`recommendGraph`) -------------------------------------------------

export const RECOMMEND_GRAPH_SLOTS = ['main'] as const;
export const RECOMMEND_GRAPH_SLOT_DEFS = {
  main: { page: '/user-platform/lightEffectRecommendGraph', permission: 'user:platform:lightEffectRecommendGraph:config' },
} as const;
const graphFields = {
  titleZh: z.string(),
  titleEn: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The graphic's colours (`#000000` is a pixel left dark). */
  palette: z.array(z.string()),
  /** Row by row from the top left: each cell the index of its colour in `palette`. */
  cells: z.array(z.number().int()),
};
export const recommendGraphPayloadSchema = z.object(graphFields);
export type RecommendGraphPayload = z.infer<typeof recommendGraphPayloadSchema>;
export const recommendGraphSchema = contentRecord(RECOMMEND_GRAPH_SLOTS, graphFields);
export type RecommendGraph = z.infer<typeof recommendGraphSchema>;

const G = EFFECT_LIMITS.graph;
/**
 * A graphic's rules between its fields (pure): width × height cells, each naming a colour of
 * the palette; the first bad cell is named (a 32 × 32 graphic could otherwise carry 1,024 errors).
 */
export function graphIssues(g: Pick<RecommendGraphPayload, 'width' | 'height' | 'palette' | 'cells'>): Issue[] {
  const count = g.width * g.height;
  if (g.cells.length !== count) return [{ path: ['cells'], code: 'appContent.cellCount', params: { count } }];
  const bad = g.cells.findIndex((c) => c >= g.palette.length);
  return bad < 0 ? [] : [{ path: ['cells', bad], code: 'appContent.cellColor', params: { max: g.palette.length } }];
}
export const recommendGraphBody = contentBody(
  {
    titleZh: bilingualText(100),
    titleEn: bilingualText(100),
    width: z.number().int().min(1).max(G.side),
    height: z.number().int().min(1).max(G.side),
    palette: z.array(colorSchema).min(1).max(G.colors),
    cells: z
      .array(
        z
          .number()
          .int()
          .min(0)
          .max(G.colors - 1),
      )
      .min(1)
      .max(G.side * G.side),
  },
  (v, ctx) => {
    oneOfPair('titleZh', 'titleEn', 'appContent.titleRequired')(v, ctx);
    addIssues(graphIssues(v as RecommendGraphPayload), ctx);
  },
);
export const resolvedRecommendGraphSchema = resolvedItem(RECOMMEND_GRAPH_SLOTS, { title: z.string(), ...graphFields });
export const recommendGraphEndpoints = contentEndpoints({
  segment: 'recommend-graph',
  slot: 'main',
  noun: 'recommended graphic',
  permission: RECOMMEND_GRAPH_SLOT_DEFS.main.permission,
  record: recommendGraphSchema,
  body: recommendGraphBody,
  item: resolvedRecommendGraphSchema,
});
