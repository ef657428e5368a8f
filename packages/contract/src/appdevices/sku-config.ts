/**
 * The SKUs' system settings (/user-platform/skuSystemConfig, issue #24): a kind on the publishing
 * model. A record is one SKU of the back office's catalogue (checked through the catalog area's
 * published reads) and its settings: typed values of the keys declared here (boolean, number in
 * a range, one of a list, text), each key once. The app reads `GET app/v1/content/skuConfig` and
 * takes the item of its SKU (its settings as an object, key → value).
 */
import { z } from 'zod';
import { contentBody, contentEndpoints, contentRecord, resolvedItem } from '../appcontent/kinds';
import { defineEndpoint } from '../endpoint';
import { fieldCode } from '../validation';
import { addIssues, type Issue } from './shared';

export const SKU_CONFIG_SLOTS = ['main'] as const;

type Texts = { zh: string; en: string };
export type SettingDef =
  | { type: 'boolean'; label: Texts }
  | { type: 'number'; min: number; max: number; step: number; unit: string; label: Texts }
  | { type: 'enum'; options: readonly string[]; label: Texts }
  | { type: 'text'; maxLength: number; label: Texts };

/** The keys a SKU's settings may hold, with their type and rule: the app knows each by its key. */
export const SKU_SETTINGS = {
  maxBrightness: { type: 'number', min: 10, max: 100, step: 1, unit: '%', label: { zh: '最高亮度', en: 'Maximum brightness' } },
  segmentCount: { type: 'number', min: 1, max: 100, step: 1, unit: '', label: { zh: '灯段数', en: 'Segments' } },
  stripLength: { type: 'number', min: 0.5, max: 50, step: 0.5, unit: 'm', label: { zh: '灯带长度', en: 'Strip length' } },
  colorOrder: { type: 'enum', options: ['RGB', 'GRB', 'BRG', 'RBG'], label: { zh: '颜色通道顺序', en: 'Colour order' } },
  powerOnState: { type: 'enum', options: ['last', 'on', 'off'], label: { zh: '通电后状态', en: 'State at power-on' } },
  musicMode: { type: 'boolean', label: { zh: '支持音乐模式', en: 'Music mode' } },
  nightLight: { type: 'boolean', label: { zh: '支持夜灯', en: 'Night light' } },
  defaultScene: { type: 'text', maxLength: 60, label: { zh: '默认场景', en: 'Default scene' } },
} as const satisfies Record<string, SettingDef>;
export type SettingKey = keyof typeof SKU_SETTINGS;
export const SETTING_KEYS = Object.keys(SKU_SETTINGS) as [SettingKey, ...SettingKey[]];
export const SKU_CONFIG_MAX_SETTINGS = SETTING_KEYS.length;

export const SKU_CONFIG_SLOT_DEFS = {
  main: { page: '/user-platform/skuSystemConfig', permission: 'user:platform:skuSystemConfig:config' },
} as const;

const settingValue = z.union([z.boolean(), z.number(), z.string()]);
const settingFields = { key: z.enum(SETTING_KEYS), value: settingValue };
export type Setting = z.infer<z.ZodObject<typeof settingFields>>;

const skuConfigFields = {
  /** The catalogue's SKU, as it spells it. */
  sku: z.string(),
  settings: z.array(z.object(settingFields)),
};
export const skuConfigPayloadSchema = z.object(skuConfigFields);
export type SkuConfigPayload = z.infer<typeof skuConfigPayloadSchema>;

export const skuConfigSchema = contentRecord(SKU_CONFIG_SLOTS, skuConfigFields);
export type SkuConfig = z.infer<typeof skuConfigSchema>;

/** Why a value does not fit its key (pure: the body's refinement and the screen's check); null: it fits. */
export function settingIssue(key: SettingKey, value: unknown): Omit<Issue, 'path'> | null {
  const def: SettingDef = SKU_SETTINGS[key];
  switch (def.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : { code: 'appDevices.settingType', params: { type: 'boolean' } };
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value))
        return { code: 'appDevices.settingType', params: { type: 'number' } };
      if (value < def.min || value > def.max) return { code: 'appDevices.settingRange', params: { min: def.min, max: def.max } };
      // Steps of the key (0.5 m): counted in whole steps to stay clear of binary fractions.
      const steps = (value - def.min) / def.step;
      return Math.abs(steps - Math.round(steps)) < 1e-9 ? null : { code: 'multipleOf', params: { divisor: def.step } };
    }
    case 'enum':
      return typeof value === 'string' && def.options.includes(value) ? null : { code: 'invalidOption' };
    case 'text':
      if (typeof value !== 'string') return { code: 'appDevices.settingType', params: { type: 'text' } };
      return value.length > def.maxLength ? { code: 'tooLong', params: { max: def.maxLength } } : null;
  }
}

/** The rules of a SKU's settings: each key once (the second named), each value its key's type and rule. */
export function settingsIssues(settings: readonly { key: SettingKey; value: unknown }[]): Issue[] {
  const out: Issue[] = [];
  const seen = new Set<string>();
  settings.forEach((s, i) => {
    if (seen.has(s.key)) out.push({ path: ['settings', i, 'key'], code: 'listedTwice' });
    seen.add(s.key);
    const issue = settingIssue(s.key, s.value);
    if (issue) out.push({ path: ['settings', i, 'value'], ...issue });
  });
  return out;
}

export const skuConfigBody = contentBody(
  {
    sku: z.string().trim().min(1, fieldCode('required')).max(60),
    settings: z
      .array(z.object({ key: z.enum(SETTING_KEYS), value: z.union([z.boolean(), z.number(), z.string().trim()]) }).strict())
      .min(1)
      .max(SKU_CONFIG_MAX_SETTINGS),
  },
  (v, ctx) => addIssues(settingsIssues(v.settings as Setting[]), ctx),
);
export type SkuConfigBody = z.infer<typeof skuConfigBody>;

/** The item the app gets: the SKU, its settings as an object (key → value) and as the list. */
export const resolvedSkuConfigSchema = resolvedItem(SKU_CONFIG_SLOTS, {
  values: z.record(z.string(), settingValue),
  ...skuConfigFields,
});
export type ResolvedSkuConfig = z.infer<typeof resolvedSkuConfigSchema>;

export const skuConfigEndpoints = contentEndpoints({
  segment: 'sku-config',
  slot: 'main',
  noun: 'SKU configuration',
  permission: SKU_CONFIG_SLOT_DEFS.main.permission,
  record: skuConfigSchema,
  body: skuConfigBody,
  item: resolvedSkuConfigSchema,
});

/** The catalogue's SKUs a configuration may name, by code, model or product name (50 at most; the buying guide's search). */
export const skuConfigSkus = defineEndpoint({
  method: 'GET',
  path: `${skuConfigEndpoints.list.path}/skus`,
  access: SKU_CONFIG_SLOT_DEFS.main.permission,
  summary: "The catalogue's SKUs a SKU configuration may name, by code, model or product name (50 at most)",
  tags: ['app content'],
  query: z.object({ keyword: z.string().trim().max(100).optional() }),
  data: z.array(z.object({ sku: z.string(), variant: z.string(), model: z.string(), name: z.string(), nameEn: z.string() })),
});
