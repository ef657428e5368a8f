/**
 * Decides which known export variant a header row is. Each variant is one entry of VARIANT_TABLE:
 * its headers as Amazon writes them, each mapped to a canonical field (several spellings may map to
 * the same field). Matching compares normalised headers, so BOM, spacing, dash and bracket
 * differences do not matter, nor does column order.
 */

import { createHash } from 'node:crypto';
import type { HeaderDiff, ReportKind } from './types';

/** Canonical fields of the Business Report. The Mobile App / Browser splits are known but not read. */
export type BusinessReportField =
  | 'parentAsin'
  | 'asin'
  | 'title'
  | 'sku'
  | 'sessions'
  | 'sessionsB2b'
  | 'sessionPct'
  | 'sessionPctB2b'
  | 'pageViews'
  | 'pageViewsB2b'
  | 'pageViewsPct'
  | 'pageViewsPctB2b'
  | 'buyBoxPct'
  | 'buyBoxPctB2b'
  | 'unitsOrdered'
  | 'unitsOrderedB2b'
  | 'unitSessionPct'
  | 'unitSessionPctB2b'
  | 'orderedProductSales'
  | 'orderedProductSalesB2b'
  | 'totalOrderItems'
  | 'totalOrderItemsB2b'
  | 'sessionsMobileApp'
  | 'sessionsMobileAppB2b'
  | 'sessionsBrowser'
  | 'sessionsBrowserB2b'
  | 'sessionPctMobileApp'
  | 'sessionPctMobileAppB2b'
  | 'sessionPctBrowser'
  | 'sessionPctBrowserB2b'
  | 'pageViewsMobileApp'
  | 'pageViewsMobileAppB2b'
  | 'pageViewsBrowser'
  | 'pageViewsBrowserB2b'
  | 'pageViewsPctMobileApp'
  | 'pageViewsPctMobileAppB2b'
  | 'pageViewsPctBrowser'
  | 'pageViewsPctBrowserB2b';

/** Canonical fields of the All Orders flat file. */
export type AllOrdersField =
  | 'orderId'
  | 'merchantOrderId'
  | 'purchaseDate'
  | 'lastUpdatedDate'
  | 'orderStatus'
  | 'fulfilmentChannel'
  | 'salesChannel'
  | 'orderChannel'
  | 'url'
  | 'shipServiceLevel'
  | 'productName'
  | 'sku'
  | 'asin'
  | 'itemStatus'
  | 'quantity'
  | 'currency'
  | 'itemPrice'
  | 'itemTax'
  | 'shippingPrice'
  | 'shippingTax'
  | 'giftWrapPrice'
  | 'giftWrapTax'
  | 'itemPromotionDiscount'
  | 'shipPromotionDiscount'
  | 'shipCity'
  | 'shipState'
  | 'shipPostalCode'
  | 'shipCountry'
  | 'promotionIds'
  | 'isBusinessOrder'
  | 'purchaseOrderNumber'
  | 'priceDesignation'
  | 'signatureConfirmationRecommended';

/** A file of the kind matches a variant only when it has every one of these. */
export const REQUIRED_FIELDS: Readonly<Record<ReportKind, readonly string[]>> = {
  'business-report': ['asin', 'unitsOrdered', 'orderedProductSales', 'totalOrderItems'],
  'all-orders': ['orderId', 'purchaseDate', 'orderStatus', 'salesChannel', 'sku', 'asin', 'quantity', 'currency', 'itemPrice'],
};

type VariantSpec =
  | { id: string; kind: 'business-report'; locale: string; columns: Readonly<Record<string, BusinessReportField>> }
  | { id: string; kind: 'all-orders'; locale: string; columns: Readonly<Record<string, AllOrdersField>> };

/** All Orders columns common to every generation, in file order up to `sales-channel`. */
const AO_HEAD: Readonly<Record<string, AllOrdersField>> = {
  'amazon-order-id': 'orderId',
  'merchant-order-id': 'merchantOrderId',
  'purchase-date': 'purchaseDate',
  'last-updated-date': 'lastUpdatedDate',
  'order-status': 'orderStatus',
  'fulfillment-channel': 'fulfilmentChannel',
  'sales-channel': 'salesChannel',
};

/** All Orders columns common to every generation, from `ship-service-level` to `promotion-ids`. */
const AO_TAIL: Readonly<Record<string, AllOrdersField>> = {
  'ship-service-level': 'shipServiceLevel',
  'product-name': 'productName',
  sku: 'sku',
  asin: 'asin',
  'item-status': 'itemStatus',
  quantity: 'quantity',
  currency: 'currency',
  'item-price': 'itemPrice',
  'item-tax': 'itemTax',
  'shipping-price': 'shippingPrice',
  'shipping-tax': 'shippingTax',
  'gift-wrap-price': 'giftWrapPrice',
  'gift-wrap-tax': 'giftWrapTax',
  'item-promotion-discount': 'itemPromotionDiscount',
  'ship-promotion-discount': 'shipPromotionDiscount',
  'ship-city': 'shipCity',
  'ship-state': 'shipState',
  'ship-postal-code': 'shipPostalCode',
  'ship-country': 'shipCountry',
  'promotion-ids': 'promotionIds',
};

/**
 * The known variants. A new export wording is one more entry (or one more spelling in an entry).
 * Headers are written as Amazon prints them; they are normalised (normaliseHeader) before use.
 */
export const VARIANT_TABLE: readonly VariantSpec[] = [
  {
    // Current Seller Central console (2023 on): Total / Mobile App / Browser splits, B2B twins, "Featured Offer".
    id: 'br-en-2023',
    kind: 'business-report',
    locale: 'en',
    columns: {
      '(Parent) ASIN': 'parentAsin',
      '(Child) ASIN': 'asin',
      Title: 'title',
      SKU: 'sku',
      'Sessions - Mobile App': 'sessionsMobileApp',
      'Sessions - Mobile App - B2B': 'sessionsMobileAppB2b',
      'Sessions - Browser': 'sessionsBrowser',
      'Sessions - Browser - B2B': 'sessionsBrowserB2b',
      'Sessions - Total': 'sessions',
      'Sessions - Total - B2B': 'sessionsB2b',
      'Session Percentage - Mobile App': 'sessionPctMobileApp',
      'Session Percentage - Mobile App - B2B': 'sessionPctMobileAppB2b',
      'Session Percentage - Browser': 'sessionPctBrowser',
      'Session Percentage - Browser - B2B': 'sessionPctBrowserB2b',
      'Session Percentage - Total': 'sessionPct',
      'Session Percentage - Total - B2B': 'sessionPctB2b',
      'Page Views - Mobile App': 'pageViewsMobileApp',
      'Page Views - Mobile App - B2B': 'pageViewsMobileAppB2b',
      'Page Views - Browser': 'pageViewsBrowser',
      'Page Views - Browser - B2B': 'pageViewsBrowserB2b',
      'Page Views - Total': 'pageViews',
      'Page Views - Total - B2B': 'pageViewsB2b',
      'Page Views Percentage - Mobile App': 'pageViewsPctMobileApp',
      'Page Views Percentage - Mobile App - B2B': 'pageViewsPctMobileAppB2b',
      'Page Views Percentage - Browser': 'pageViewsPctBrowser',
      'Page Views Percentage - Browser - B2B': 'pageViewsPctBrowserB2b',
      'Page Views Percentage - Total': 'pageViewsPct',
      'Page Views Percentage - Total - B2B': 'pageViewsPctB2b',
      'Featured Offer (Buy Box) Percentage': 'buyBoxPct',
      'Featured Offer (Buy Box) Percentage - B2B': 'buyBoxPctB2b',
      // Exports between the "Total" split and the "Featured Offer" rename still said "Buy Box Percentage".
      'Buy Box Percentage': 'buyBoxPct',
      'Buy Box Percentage - B2B': 'buyBoxPctB2b',
      'Units Ordered': 'unitsOrdered',
      'Units Ordered - B2B': 'unitsOrderedB2b',
      'Unit Session Percentage': 'unitSessionPct',
      'Unit Session Percentage - B2B': 'unitSessionPctB2b',
      'Ordered Product Sales': 'orderedProductSales',
      'Ordered Product Sales - B2B': 'orderedProductSalesB2b',
      'Total Order Items': 'totalOrderItems',
      'Total Order Items - B2B': 'totalOrderItemsB2b',
    },
  },
  {
    // Older console: no Total/Mobile/Browser split, "Buy Box Percentage"; SKU and the B2B twins optional.
    id: 'br-en-legacy',
    kind: 'business-report',
    locale: 'en',
    columns: {
      '(Parent) ASIN': 'parentAsin',
      '(Child) ASIN': 'asin',
      Title: 'title',
      SKU: 'sku',
      Sessions: 'sessions',
      'Sessions - B2B': 'sessionsB2b',
      'Session Percentage': 'sessionPct',
      'Session Percentage - B2B': 'sessionPctB2b',
      'Page Views': 'pageViews',
      'Page Views - B2B': 'pageViewsB2b',
      'Page Views Percentage': 'pageViewsPct',
      'Page Views Percentage - B2B': 'pageViewsPctB2b',
      'Buy Box Percentage': 'buyBoxPct',
      'Buy Box Percentage - B2B': 'buyBoxPctB2b',
      'Units Ordered': 'unitsOrdered',
      'Units Ordered - B2B': 'unitsOrderedB2b',
      'Unit Session Percentage': 'unitSessionPct',
      'Unit Session Percentage - B2B': 'unitSessionPctB2b',
      'Ordered Product Sales': 'orderedProductSales',
      'Ordered Product Sales - B2B': 'orderedProductSalesB2b',
      'Total Order Items': 'totalOrderItems',
      'Total Order Items - B2B': 'totalOrderItemsB2b',
    },
  },
  {
    // German console (amazon.de, "Detailseite Verkäufe und Traffic nach untergeordnetem Artikel").
    id: 'br-de',
    kind: 'business-report',
    locale: 'de',
    columns: {
      '(Übergeordnete) ASIN': 'parentAsin',
      '(Untergeordnete) ASIN': 'asin',
      Titel: 'title',
      SKU: 'sku',
      'Sitzungen – mobile App': 'sessionsMobileApp',
      'Sitzungen – mobile App – B2B': 'sessionsMobileAppB2b',
      'Sitzungen – Browser': 'sessionsBrowser',
      'Sitzungen – Browser – B2B': 'sessionsBrowserB2b',
      'Sitzungen – Summe': 'sessions',
      'Sitzungen – Summe – B2B': 'sessionsB2b',
      Sitzungen: 'sessions',
      'Sitzungsprozentsatz – Summe': 'sessionPct',
      'Sitzungsprozentsatz – Summe – B2B': 'sessionPctB2b',
      Sitzungsprozentsatz: 'sessionPct',
      'Seitenaufrufe – Summe': 'pageViews',
      'Seitenaufrufe – Summe – B2B': 'pageViewsB2b',
      Seitenaufrufe: 'pageViews',
      'Prozentsatz der Seitenaufrufe – Summe': 'pageViewsPct',
      'Prozentsatz der Seitenaufrufe – Summe – B2B': 'pageViewsPctB2b',
      'Prozentsatz der Seitenaufrufe': 'pageViewsPct',
      'Empfohlenes Angebot (Buy Box) Prozentsatz': 'buyBoxPct',
      'Empfohlenes Angebot (Buy Box) Prozentsatz – B2B': 'buyBoxPctB2b',
      'Prozentsatz der Buy Box': 'buyBoxPct',
      'Prozentsatz der Buy Box – B2B': 'buyBoxPctB2b',
      'Bestellte Einheiten': 'unitsOrdered',
      'Bestellte Einheiten – B2B': 'unitsOrderedB2b',
      'Prozentsatz an Einheiten pro Sitzung': 'unitSessionPct',
      'Prozentsatz an Einheiten pro Sitzung – B2B': 'unitSessionPctB2b',
      'Prozentsatz der Einheiten pro Sitzung': 'unitSessionPct',
      'Prozentsatz der Einheiten pro Sitzung – B2B': 'unitSessionPctB2b',
      'Durch bestellte Produkte erzielter Umsatz': 'orderedProductSales',
      'Bestellsumme – B2B': 'orderedProductSalesB2b',
      'Umsatz bestellter Produkte': 'orderedProductSales',
      'Umsatz bestellter Produkte – B2B': 'orderedProductSalesB2b',
      'Zahl der Bestellposten': 'totalOrderItems',
      'Zahl der Bestellposten – B2B': 'totalOrderItemsB2b',
    },
  },
  {
    // Japanese console (amazon.co.jp), current wording first, older wording after it.
    id: 'br-ja',
    kind: 'business-report',
    locale: 'ja',
    columns: {
      '（親）ASIN': 'parentAsin',
      '（子）ASIN': 'asin',
      タイトル: 'title',
      商品名: 'title',
      SKU: 'sku',
      'セッション数 - 合計': 'sessions',
      'セッション数 - 合計 - B2B': 'sessionsB2b',
      'セッション - 合計': 'sessions',
      'セッション - 合計 - B2B': 'sessionsB2b',
      セッション: 'sessions',
      'セッション率 - 合計': 'sessionPct',
      'セッション率 - 合計 - B2B': 'sessionPctB2b',
      セッションのパーセンテージ: 'sessionPct',
      'ページビュー - 合計': 'pageViews',
      'ページビュー - 合計 - B2B': 'pageViewsB2b',
      ページビュー: 'pageViews',
      'ページビュー率 - 合計': 'pageViewsPct',
      'ページビュー率 - 合計 - B2B': 'pageViewsPctB2b',
      ページビュー率: 'pageViewsPct',
      'おすすめ出品（おすすめ商品）の獲得率': 'buyBoxPct',
      'おすすめ出品（おすすめ商品）の獲得率 - B2B': 'buyBoxPctB2b',
      おすすめ出品の獲得率: 'buyBoxPct',
      'おすすめ出品の獲得率 - B2B': 'buyBoxPctB2b',
      カートボックス獲得率: 'buyBoxPct',
      'カートボックス獲得率 - B2B': 'buyBoxPctB2b',
      注文された商品点数: 'unitsOrdered',
      '注文点数 - B2B': 'unitsOrderedB2b',
      '注文された商品点数 - B2B': 'unitsOrderedB2b',
      ユニットセッション率: 'unitSessionPct',
      'ユニットセッション率 - B2B': 'unitSessionPctB2b',
      注文商品の売上額: 'orderedProductSales',
      '注文商品の売上額 - B2B': 'orderedProductSalesB2b',
      注文商品売上: 'orderedProductSales',
      '注文商品売上 - B2B': 'orderedProductSalesB2b',
      注文品目総数: 'totalOrderItems',
      '注文品目総数 - B2B': 'totalOrderItemsB2b',
    },
  },
  {
    // Chinese console (Seller Central in 中文), both the "会话次数/页面浏览量/商品名称" and "会话数/页面浏览次数/标题" wordings.
    id: 'br-zh',
    kind: 'business-report',
    locale: 'zh',
    columns: {
      '（父）ASIN': 'parentAsin',
      '（子）ASIN': 'asin',
      商品名称: 'title',
      标题: 'title',
      SKU: 'sku',
      '会话次数 – 移动应用': 'sessionsMobileApp',
      '会话次数 – 移动应用 – B2B': 'sessionsMobileAppB2b',
      '会话次数 – 浏览器': 'sessionsBrowser',
      '会话次数 – 浏览器 – B2B': 'sessionsBrowserB2b',
      '会话次数 – 总计': 'sessions',
      '会话次数 – 总计 – B2B': 'sessionsB2b',
      '会话数 - 总计': 'sessions',
      '会话数 - 总计 - B2B': 'sessionsB2b',
      '会话百分比 – 移动应用': 'sessionPctMobileApp',
      '会话百分比 – 移动应用 – B2B': 'sessionPctMobileAppB2b',
      '会话百分比 – 浏览器': 'sessionPctBrowser',
      '会话百分比 – 浏览器 – B2B': 'sessionPctBrowserB2b',
      '会话百分比 – 总计': 'sessionPct',
      '会话百分比 – 总计 – B2B': 'sessionPctB2b',
      '页面浏览量 – 移动应用': 'pageViewsMobileApp',
      '页面浏览量 – 移动应用 – B2B': 'pageViewsMobileAppB2b',
      '页面浏览量 – 浏览器': 'pageViewsBrowser',
      '页面浏览量 – 浏览器 – B2B': 'pageViewsBrowserB2b',
      '页面浏览量 – 总计': 'pageViews',
      '页面浏览量 – 总计 – B2B': 'pageViewsB2b',
      '页面浏览次数 - 总计': 'pageViews',
      '页面浏览次数 - 总计 - B2B': 'pageViewsB2b',
      '页面浏览量百分比 – 移动应用': 'pageViewsPctMobileApp',
      '页面浏览量百分比 – 移动应用 – B2B': 'pageViewsPctMobileAppB2b',
      '页面浏览量百分比 – 浏览器': 'pageViewsPctBrowser',
      '页面浏览量百分比 – 浏览器 – B2B': 'pageViewsPctBrowserB2b',
      '页面浏览量百分比 – 总计': 'pageViewsPct',
      '页面浏览量百分比 – 总计 – B2B': 'pageViewsPctB2b',
      '推荐报价（购买按钮）百分比': 'buyBoxPct',
      '推荐报价（购买按钮）百分比 – B2B': 'buyBoxPctB2b',
      已订购商品数量: 'unitsOrdered',
      '已订购商品数量 - B2B': 'unitsOrderedB2b',
      商品会话百分比: 'unitSessionPct',
      '商品会话百分比 - B2B': 'unitSessionPctB2b',
      已订购商品销售额: 'orderedProductSales',
      '已订购商品销售额 - B2B': 'orderedProductSalesB2b',
      订单商品总数: 'totalOrderItems',
      '订单商品总数 - B2B': 'totalOrderItemsB2b',
    },
  },
  {
    // All Orders flat file before `order-channel` and `url` were added.
    id: 'ao-2019',
    kind: 'all-orders',
    locale: 'en',
    columns: { ...AO_HEAD, ...AO_TAIL },
  },
  {
    // Current All Orders flat file: `order-channel`, `url`, and the business-order columns at the end.
    id: 'ao-2023',
    kind: 'all-orders',
    locale: 'en',
    columns: {
      ...AO_HEAD,
      'order-channel': 'orderChannel',
      url: 'url',
      ...AO_TAIL,
      'is-business-order': 'isBusinessOrder',
      'purchase-order-number': 'purchaseOrderNumber',
      'price-designation': 'priceDesignation',
      'signature-confirmation-recommended': 'signatureConfirmationRecommended',
    },
  },
];

/**
 * Header text in a comparable form: BOM and zero-width marks dropped, compatibility forms folded
 * (full-width brackets and letters), every dash made `-`, spacing around a spaced dash made ` - `,
 * runs of whitespace made one space, trimmed, lower case.
 */
export function normaliseHeader(h: string): string {
  return h
    .normalize('NFKC')
    .replace(/\ufeff|\u200b|\u200c|\u200d|\u200e|\u200f/g, '')
    .replace(/[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g, '-')
    .replace(/[（]/g, '(')
    .replace(/[）]/g, ')')
    .replace(/\s+/g, ' ')
    .replace(/ -\s*| ?- /g, ' - ')
    .trim()
    .toLowerCase();
}

export interface KnownVariant {
  id: string;
  kind: ReportKind;
  locale: string;
  /** Normalised headers the variant knows, in table order. */
  headers: readonly string[];
  /** Canonical field of each entry of `headers`. */
  fields: readonly string[];
  /** Each field's header as the report writes it (its first spelling in the table): what a diff names. */
  headerOf: ReadonlyMap<string, string>;
}

export const KNOWN_VARIANTS: readonly KnownVariant[] = VARIANT_TABLE.map((v) => {
  const entries = Object.entries(v.columns as Readonly<Record<string, string>>);
  return {
    id: v.id,
    kind: v.kind,
    locale: v.locale,
    headers: entries.map(([h]) => normaliseHeader(h)),
    fields: entries.map(([, f]) => f),
    headerOf: new Map([...entries].reverse().map(([h, f]) => [f, h] as const)),
  };
});

/** sha256 hex of the normalised header list, order kept. */
export function headerFingerprint(rawHeaders: readonly string[]): string {
  return createHash('sha256')
    .update(JSON.stringify(rawHeaders.map(normaliseHeader)))
    .digest('hex');
}

export interface HeaderMatch {
  variant: KnownVariant;
  /** Canonical field → index of the file column carrying it. */
  fieldIndex: ReadonlyMap<string, number>;
}

interface Attempt {
  variant: KnownVariant;
  fieldIndex: Map<string, number>;
  recognised: number;
  /** Required fields the file lacks, named by the variant's header (as the report writes it). */
  missing: string[];
  unexpected: string[];
  /** Fields the variant knows that the file does not carry. */
  unfilled: number;
}

function attempt(variant: KnownVariant, rawHeaders: readonly string[]): Attempt {
  const dictionary = new Map<string, string>();
  variant.headers.forEach((h, i) => {
    dictionary.set(h, variant.fields[i]!);
  });
  const fieldIndex = new Map<string, number>();
  const unexpected: string[] = [];
  rawHeaders.forEach((raw, i) => {
    const norm = normaliseHeader(raw);
    if (norm === '') return; // a blank header names no field; its cells are ignored
    const field = dictionary.get(norm);
    if (field === undefined || fieldIndex.has(field)) unexpected.push(raw.trim());
    else fieldIndex.set(field, i);
  });
  const missing = REQUIRED_FIELDS[variant.kind].filter((f) => !fieldIndex.has(f)).map((f) => variant.headerOf.get(f) ?? f);
  const knownFields = new Set(variant.fields).size;
  return { variant, fieldIndex, recognised: fieldIndex.size, missing, unexpected, unfilled: knownFields - fieldIndex.size };
}

/**
 * The known variant of `kind` that a header row is. A variant matches when every header is in its
 * dictionary and every required field is present; among several, the one carrying the most fields,
 * then the one with the fewest fields left unfilled, then the earlier table entry wins. When none
 * matches, the diff against the variant sharing the most headers is returned instead.
 */
export function matchHeaders(
  kind: ReportKind,
  rawHeaders: readonly string[],
): { match: HeaderMatch; diff: null } | { match: null; diff: HeaderDiff } {
  const attempts = KNOWN_VARIANTS.filter((v) => v.kind === kind).map((v) => attempt(v, rawHeaders));
  const matching = attempts
    .filter((a) => a.missing.length === 0 && a.unexpected.length === 0)
    .sort((a, b) => b.recognised - a.recognised || a.unfilled - b.unfilled);
  const best = matching[0];
  if (best) return { match: { variant: best.variant, fieldIndex: best.fieldIndex }, diff: null };
  const closest = [...attempts].sort(
    (a, b) =>
      b.recognised - a.recognised ||
      a.missing.length + a.unexpected.length - (b.missing.length + b.unexpected.length) ||
      a.unfilled - b.unfilled,
  )[0]!;
  return {
    match: null,
    diff: { closestVariant: closest.variant.id, missing: closest.missing, unexpected: closest.unexpected },
  };
}

/** How many of the cells some variant of `kind` recognises as headers (used to find the header row). */
export function recognisedHeaderCount(kind: ReportKind, cells: readonly string[]): number {
  return Math.max(0, ...KNOWN_VARIANTS.filter((v) => v.kind === kind).map((v) => attempt(v, cells).recognised));
}
