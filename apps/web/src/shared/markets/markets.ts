/** Marketplaces for display: the contract's MARKETS with a flag. */
import { type Lang, MARKETS, marketCode } from '@bo/contract';

export type Market = (typeof MARKETS)[number];

export const marketOf = (id: number): Market | undefined => MARKETS.find((m) => m.id === id);

/** The flag emoji of a market code (regional indicators; the UK's is GB). */
export function flagOf(code: string): string {
  const iso = code === 'UK' ? 'GB' : code;
  if (!/^[A-Z]{2}$/.test(iso)) return '';
  return String.fromCodePoint(...[...iso].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

export const marketName = (m: Market, lang: Lang) => (lang === 'zh-CN' ? m.zh : m.en);

let flagSupport: boolean | null = null;

/**
 * Whether this browser draws flag emoji in colour. Many systems (Windows, Linux without
 * an emoji font) draw the two letters or empty boxes instead; there the code alone is shown.
 */
export function flagsSupported(): boolean {
  if (flagSupport !== null) return flagSupport;
  flagSupport = false;
  if (typeof document === 'undefined') return flagSupport;
  const canvas = document.createElement('canvas');
  canvas.width = 24;
  canvas.height = 24;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return flagSupport;
  ctx.font = '20px "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif';
  ctx.textBaseline = 'top';
  ctx.fillText(flagOf('US'), 0, 0);
  const { data } = ctx.getImageData(0, 0, 24, 24);
  // Letters and boxes are drawn in one grey tone; a flag has coloured pixels.
  for (let i = 0; i < data.length; i += 4) {
    const [r = 0, g = 0, b = 0, a = 0] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
    if (a > 0 && (Math.abs(r - g) > 30 || Math.abs(g - b) > 30)) {
      flagSupport = true;
      break;
    }
  }
  return flagSupport;
}

/** "🇺🇸 US · United States" (the flag where the system draws flags), for pickers. */
export const marketLabel = (m: Market, lang: Lang): string =>
  [flagsSupported() ? flagOf(m.code) : '', m.code, '·', marketName(m, lang)].filter(Boolean).join(' ');

/** "🇺🇸 US" (or "US" where flags are not drawn): a chosen marketplace in a multi-select's tag. */
export const marketShortLabel = (id: number, flags = flagsSupported()): string => {
  const m = marketOf(id);
  if (!m) return `#${id}`;
  return flags ? `${flagOf(m.code)} ${m.code}` : m.code;
};

/** The chosen marketplaces a multi-select has no room for, by code: "+ JP CA". */
export const hiddenMarketsText = (ids: readonly number[]): string =>
  `+ ${ids.map((id) => marketOf(id)?.code ?? `#${id}`).join(' ')}`;

/** "Lumio · US": a shop as pickers, tables and import summaries name it (the name alone without a market). */
export const shopLabel = (name: string, marketId: number | null): string =>
  marketId === null ? name : `${name} · ${marketCode(marketId)}`;
