import { describe, expect, it } from 'vitest';
import { KNOWN_VARIANTS, normaliseHeader } from './index';
import { headerFingerprint, matchHeaders, REQUIRED_FIELDS, VARIANT_TABLE } from './variants';

describe('normaliseHeader', () => {
  it('strips BOM, trims, collapses spaces, unifies dashes and brackets, lower-cases', () => {
    expect(normaliseHeader('\ufeff  Sessions – Total  ')).toBe('sessions - total');
    expect(normaliseHeader('Sessions — Total — B2B')).toBe('sessions - total - b2b');
    expect(normaliseHeader('Sessions ‐ Total')).toBe('sessions - total');
    expect(normaliseHeader('Sessions   -Total')).toBe('sessions - total');
    expect(normaliseHeader('（親）ASIN')).toBe('(親)asin');
    expect(normaliseHeader('(Übergeordnete)\u00a0ASIN')).toBe('(übergeordnete) asin');
    expect(normaliseHeader('amazon-order-id')).toBe('amazon-order-id');
  });
});

describe('the variant table', () => {
  it('has unique ids, and every variant knows every required field of its kind', () => {
    expect(new Set(KNOWN_VARIANTS.map((v) => v.id)).size).toBe(KNOWN_VARIANTS.length);
    for (const v of KNOWN_VARIANTS) {
      for (const field of REQUIRED_FIELDS[v.kind]) expect(v.fields, `${v.id} ${field}`).toContain(field);
    }
  });

  it('never maps two spellings that normalise alike to different fields', () => {
    for (const v of VARIANT_TABLE) {
      const seen = new Map<string, string>();
      for (const [header, field] of Object.entries(v.columns as Record<string, string>)) {
        const norm = normaliseHeader(header);
        expect(seen.get(norm) ?? field, `${v.id}: ${header}`).toBe(field);
        seen.set(norm, field);
      }
    }
  });

  it('exports normalised headers', () => {
    const en = KNOWN_VARIANTS.find((v) => v.id === 'br-en-2023')!;
    expect(en.kind).toBe('business-report');
    expect(en.locale).toBe('en');
    expect(en.headers).toContain('featured offer (buy box) percentage');
    expect(en.headers).toContain('sessions - total - b2b');
    for (const v of KNOWN_VARIANTS) for (const h of v.headers) expect(normaliseHeader(h)).toBe(h);
  });
});

describe('matchHeaders', () => {
  const current = [
    '(Parent) ASIN',
    '(Child) ASIN',
    'Title',
    'SKU',
    'Sessions - Total',
    'Units Ordered',
    'Ordered Product Sales',
    'Total Order Items',
  ];

  it('accepts columns in any order and reports where each field is', () => {
    const shuffled = ['Total Order Items', 'Ordered Product Sales', '(Child) ASIN', 'Units Ordered', 'Sessions - Total', 'Title'];
    const { match } = matchHeaders('business-report', shuffled);
    expect(match?.variant.id).toBe('br-en-2023');
    expect(match?.fieldIndex.get('asin')).toBe(2);
    expect(match?.fieldIndex.get('totalOrderItems')).toBe(0);
  });

  it('maps both Buy Box spellings to buyBoxPct', () => {
    for (const header of ['Featured Offer (Buy Box) Percentage', 'Buy Box Percentage']) {
      const { match } = matchHeaders('business-report', [...current, header]);
      expect(match?.fieldIndex.get('buyBoxPct'), header).toBe(current.length);
    }
  });

  it('knows the Mobile App / Browser splits of the current console, whatever the case of "APP"', () => {
    const splits = [
      'Sessions - Mobile App',
      'Sessions - Mobile APP - B2B',
      'Sessions - Browser',
      'Page Views Percentage - Browser - B2B',
    ];
    expect(matchHeaders('business-report', [...current, ...splits]).match?.variant.id).toBe('br-en-2023');
  });

  it('tells the legacy export from the current one', () => {
    const legacy = [
      '(Parent) ASIN',
      '(Child) ASIN',
      'Title',
      'Sessions',
      'Buy Box Percentage',
      'Units Ordered',
      'Ordered Product Sales',
      'Total Order Items',
    ];
    expect(matchHeaders('business-report', legacy).match?.variant.id).toBe('br-en-legacy');
  });

  it('accepts the alternative Japanese and Chinese wordings', () => {
    const ja = [
      '（親）ASIN',
      '（子）ASIN',
      'タイトル',
      'SKU',
      'セッション数 - 合計',
      'ページビュー - 合計',
      'カートボックス獲得率',
      '注文された商品点数',
      '注文商品売上',
      '注文品目総数',
    ];
    expect(matchHeaders('business-report', ja).match?.variant.id).toBe('br-ja');
    const zh = [
      '（父）ASIN',
      '（子）ASIN',
      '标题',
      'SKU',
      '会话数 - 总计',
      '页面浏览次数 - 总计',
      '推荐报价（购买按钮）百分比',
      '已订购商品数量',
      '已订购商品销售额',
      '订单商品总数',
    ];
    expect(matchHeaders('business-report', zh).match?.variant.id).toBe('br-zh');
    const de = [
      '(Übergeordnete) ASIN',
      '(Untergeordnete) ASIN',
      'Titel',
      'Prozentsatz der Buy Box',
      'Bestellte Einheiten',
      'Durch bestellte Produkte erzielter Umsatz',
      'Zahl der Bestellposten',
    ];
    expect(matchHeaders('business-report', de).match?.variant.id).toBe('br-de');
  });

  it('refuses an extra unknown column rather than guessing', () => {
    const { match, diff } = matchHeaders('business-report', [...current, 'Refunds']);
    expect(match).toBeNull();
    expect(diff).toEqual({ closestVariant: 'br-en-2023', missing: [], unexpected: ['Refunds'] });
  });

  it('refuses a file lacking a required field', () => {
    const { diff } = matchHeaders(
      'business-report',
      current.filter((h) => h !== 'Units Ordered'),
    );
    expect(diff).toEqual({ closestVariant: 'br-en-2023', missing: ['Units Ordered'], unexpected: [] });
  });

  it('names missing columns as the closest variant writes them, in its language', () => {
    const zh = ['（父）ASIN', '（子）ASIN', '标题', 'SKU', '会话数 - 总计', '已订购商品销售额', '订单商品总数'];
    expect(matchHeaders('business-report', zh).diff).toEqual({
      closestVariant: 'br-zh',
      missing: ['已订购商品数量'],
      unexpected: [],
    });
    const ao = KNOWN_VARIANTS.find((v) => v.id === 'ao-2023')!.headers.filter((h) => h !== 'item-price' && h !== 'currency');
    expect(matchHeaders('all-orders', ao).diff?.missing).toEqual(['currency', 'item-price']);
  });

  it('treats a column named twice as unexpected', () => {
    const { diff } = matchHeaders('business-report', [...current, 'Units Ordered']);
    expect(diff?.unexpected).toEqual(['Units Ordered']);
  });

  it('tells the All Orders generations apart', () => {
    const v2019 = KNOWN_VARIANTS.find((v) => v.id === 'ao-2019')!.headers;
    const v2023 = KNOWN_VARIANTS.find((v) => v.id === 'ao-2023')!.headers;
    expect(matchHeaders('all-orders', v2019).match?.variant.id).toBe('ao-2019');
    expect(matchHeaders('all-orders', v2023).match?.variant.id).toBe('ao-2023');
    const withoutSignature = v2023.filter((h) => h !== 'signature-confirmation-recommended');
    expect(matchHeaders('all-orders', withoutSignature).match?.variant.id).toBe('ao-2023');
  });
});

describe('headerFingerprint', () => {
  it('ignores BOM, spacing, dash and case differences but not order', () => {
    const a = headerFingerprint(['(Child) ASIN', 'Sessions - Total', 'Units Ordered']);
    expect(headerFingerprint(['\ufeff(Child) ASIN ', 'Sessions – Total', ' units ordered'])).toBe(a);
    expect(headerFingerprint(['Sessions - Total', '(Child) ASIN', 'Units Ordered'])).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });
});
