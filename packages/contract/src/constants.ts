/** Business constants of spec §3, §4 and §9. */

export const MARKETS = [
  { id: 0, code: 'US', currency: 'USD', zh: '美国', en: 'United States', timeZone: 'America/Los_Angeles' },
  { id: 1, code: 'DE', currency: 'EUR', zh: '德国', en: 'Germany', timeZone: 'Europe/Berlin' },
  { id: 2, code: 'UK', currency: 'GBP', zh: '英国', en: 'United Kingdom', timeZone: 'Europe/London' },
  { id: 3, code: 'JP', currency: 'JPY', zh: '日本', en: 'Japan', timeZone: 'Asia/Tokyo' },
  { id: 4, code: 'CA', currency: 'CAD', zh: '加拿大', en: 'Canada', timeZone: 'America/Toronto' },
  { id: 5, code: 'FR', currency: 'EUR', zh: '法国', en: 'France', timeZone: 'Europe/Paris' },
  { id: 6, code: 'IT', currency: 'EUR', zh: '意大利', en: 'Italy', timeZone: 'Europe/Rome' },
  { id: 7, code: 'ES', currency: 'EUR', zh: '西班牙', en: 'Spain', timeZone: 'Europe/Madrid' },
  { id: 8, code: 'SG', currency: 'SGD', zh: '新加坡', en: 'Singapore', timeZone: 'Asia/Singapore' },
  { id: 9, code: 'AU', currency: 'AUD', zh: '澳大利亚', en: 'Australia', timeZone: 'Australia/Sydney' },
  { id: 10, code: 'NL', currency: 'EUR', zh: '荷兰', en: 'Netherlands', timeZone: 'Europe/Amsterdam' },
  { id: 11, code: 'SE', currency: 'SEK', zh: '瑞典', en: 'Sweden', timeZone: 'Europe/Stockholm' },
  { id: 12, code: 'PL', currency: 'PLN', zh: '波兰', en: 'Poland', timeZone: 'Europe/Warsaw' },
] as const;
export type MarketId = (typeof MARKETS)[number]['id'];

/** A marketplace's code (US, DE, …) for its id, as in every export; an unknown id as itself, no id as null. */
export function marketCode(id: number): string;
export function marketCode(id: unknown): string | null;
export function marketCode(id: unknown): string | null {
  if (id === null || id === undefined) return null;
  return MARKETS.find((m) => m.id === Number(id))?.code ?? String(id);
}
/** The lists that use only the eight main marketplaces. */
export const MAIN_MARKET_IDS = [0, 1, 2, 3, 4, 5, 6, 7] as const;

/** Product category line codes and labels (spec §3). */
export const CATEGORY_LINES = [
  { code: '6111', zh: '灯带', en: 'Light strips' },
  { code: '6112', zh: '电视灯带', en: 'TV strips' },
  { code: '6113', zh: '霓虹灯带', en: 'Neon strips' },
  { code: '6121', zh: '车灯', en: 'Car lights' },
  { code: '6131', zh: '室内氛围灯', en: 'Indoor ambience lights' },
  { code: '6011', zh: '电脑灯', en: 'PC lights' },
  { code: '6012', zh: '户外灯泡', en: 'Outdoor bulbs' },
  { code: '6013', zh: '庭院灯', en: 'Garden lights' },
  { code: '6014', zh: '户外灯串', en: 'Outdoor string lights' },
  { code: '6015', zh: '户外壁灯', en: 'Outdoor wall lights' },
  { code: '7011', zh: '温湿度计', en: 'Temperature detection' },
  { code: '7012', zh: '温度报警器', en: 'Temperature alarms' },
  { code: '5111', zh: '智能家电', en: 'Smart appliances' },
  { code: '5112', zh: '智能厨电', en: 'Smart kitchen appliances' },
  { code: '7111', zh: '智能传感器', en: 'Smart sensors' },
  { code: '1011', zh: '停产', en: 'EOL' },
] as const;

/** User types: 0 needs shop authorisation (shop accounts), 1 staff. */
export const USER_TYPE = { SHOP: 0, STAFF: 1 } as const;
/** The internal company account; any other accountId is external. */
export const INTERNAL_ACCOUNT_ID = 1;

/** Spec §9. */
export const LIMITS = {
  HTTP_TIMEOUT_MS: 300_000,
  DOWNLOAD_TIMEOUT_MS: 3_000_000,
  SCREEN_LOAD_TIMEOUT_MS: 120_000,
  MESSAGE_SECONDS: 1,
} as const;

export const DEFAULT_COUNTRY = 'CN';
export const DEFAULT_ZONE_ID = 'Asia/Shanghai';

/** Project list types (spec §2.6, §9). */
export const PROJECT_LIST_TYPE = { GTM: 1, KEY_PROJECT: 0, DEVELOPMENT: 21, IMPROVEMENT: 31 } as const;
