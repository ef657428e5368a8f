/**
 * Decides which marketplace a sales channel or a market code names, and on which local date a
 * timestamp falls in a marketplace's time zone. The marketplace list itself is MARKETS from the contract.
 */

import { MARKETS } from '@bo/contract';

export { MARKETS };

/** All Orders `sales-channel` (lower case, without "www.") → marketplace code in MARKETS. */
export const SALES_CHANNELS: Readonly<Record<string, string>> = {
  'amazon.com': 'US',
  'amazon.de': 'DE',
  'amazon.co.uk': 'UK',
  'amazon.co.jp': 'JP',
  'amazon.ca': 'CA',
  'amazon.fr': 'FR',
  'amazon.it': 'IT',
  'amazon.es': 'ES',
  'amazon.sg': 'SG',
  'amazon.com.au': 'AU',
  'amazon.nl': 'NL',
  'amazon.se': 'SE',
  'amazon.pl': 'PL',
};

/** The sales channel of multi-channel fulfilment and other orders not sold on an Amazon marketplace. */
export const NON_AMAZON_CHANNEL = 'non-amazon';

export function marketIdByCode(code: string | null | undefined): number | null {
  if (!code) return null;
  return MARKETS.find((m) => m.code === code)?.id ?? null;
}

export function marketCodeById(marketId: number): string | null {
  return MARKETS.find((m) => m.id === marketId)?.code ?? null;
}

/** `Amazon.co.uk` → 2; null for Non-Amazon and for channels that are not in MARKETS. */
export function marketIdForSalesChannel(channel: string): number | null {
  const key = channel
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');
  return marketIdByCode(SALES_CHANNELS[key]);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The `yyyy-MM-dd` on which an ISO-8601 timestamp falls in the marketplace's time zone. Throws on bad input. */
export function marketplaceLocalDate(isoTimestamp: string, marketId: number): string {
  const market = MARKETS.find((m) => m.id === marketId);
  if (!market) throw new RangeError(`Unknown marketplace id ${marketId}`);
  const ms = Date.parse(isoTimestamp);
  if (Number.isNaN(ms)) throw new RangeError(`Not a timestamp: ${JSON.stringify(isoTimestamp)}`);
  let format = dateFormats.get(market.timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: market.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(market.timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
