/**
 * Every code a user can read has a text in both languages: audit actions and entities,
 * messaging-rule tags, permission items; and bilingual master data shows the name of the
 * UI language, falling back to the other one.
 */
import { PERMISSION_CATALOGUE, permissionDeniedText, permissionTitle } from '@bo/contract';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditActionText, auditEntityText } from '@bo/contract/access/audit-codes';
import { LINT_RULE_CODES, LINT_RULES, lintRuleName } from '@bo/contract/mail/messaging-rules';
import { describe, expect, it } from 'vitest';
import { localName, pairOptions, positionOptions } from './lang';

const CJK = /[\u3400-\u9fff]/;

/** Both texts present; the Chinese one in Chinese unless it is a proper term (SKU); neither is the raw code. */
function expectBilingual(code: string, zh: string, en: string) {
  expect(zh.trim(), `${code} zh`).not.toBe('');
  expect(en.trim(), `${code} en`).not.toBe('');
  expect(en, `${code} en is English`).not.toMatch(CJK);
  if (code.includes('.') || code.includes('_')) {
    expect(zh, `${code} zh is not the code`).not.toBe(code);
    expect(en, `${code} en is not the code`).not.toBe(code);
  }
}

describe('code texts', () => {
  it('every audit action and entity has a Chinese and an English text', () => {
    const actions = Object.entries(AUDIT_ACTIONS);
    expect(actions.length).toBeGreaterThan(100);
    for (const [code, t] of actions) {
      expectBilingual(code, t.zh, t.en);
      expect(t.zh, code).toMatch(CJK);
    }
    for (const [code, t] of Object.entries(AUDIT_ENTITIES)) expectBilingual(code, t.zh, t.en);
    expect(auditActionText('session.login', 'en-US')).toBe('Sign in');
    expect(auditActionText('session.login', 'zh-CN')).toBe('登录');
    expect(auditEntityText('material', 'en-US')).toBe('Material');
    // A code no longer written (older rows) has no text: the screen shows the code itself.
    expect(auditActionText('retired.code', 'en-US')).toBeNull();
    expect(auditActionText('toString', 'en-US')).toBeNull();
  });

  it('every messaging-rule tag has a short name and a message in both languages', () => {
    for (const rule of LINT_RULE_CODES) {
      const r = LINT_RULES[rule];
      expectBilingual(rule, r.name.zh, r.name.en);
      expectBilingual(rule, r.zh, r.en);
      expect(r.name.zh, rule).toMatch(CJK);
    }
    expect(lintRuleName({ rule: 'positiveReview' }, 'en-US')).toBe('Asking for a positive review');
    expect(lintRuleName({ rule: 'positiveReview' }, 'zh-CN')).toBe('索要好评');
  });

  it('every permission item has a title in both languages, used in refusals', () => {
    for (const item of PERMISSION_CATALOGUE) {
      expectBilingual(item.authPattern, item.name, item.description);
      expect(permissionTitle(item.authPattern, 'en-US')).toBe(item.description);
    }
    const text = permissionDeniedText('email:emails', 'en-US');
    expect(text).not.toContain('email:emails');
    expect(text).toContain(permissionTitle('email:emails', 'en-US'));
    expect(permissionDeniedText('email:emails', 'zh-CN')).toContain(permissionTitle('email:emails', 'zh-CN'));
    expect(permissionDeniedText('no:such', 'en-US')).not.toContain('no:such');
  });
});

describe('bilingual master data', () => {
  it("shows the UI language's name, else the other one", () => {
    expect(localName('en-US', '灯珠', 'LEDs')).toBe('LEDs');
    expect(localName('zh-CN', '灯珠', 'LEDs')).toBe('灯珠');
    expect(localName('zh-CN', '', 'Cables')).toBe('Cables');
    expect(localName('en-US', '线材', '')).toBe('线材');
    expect(localName('en-US', null, null)).toBe('');
  });

  it('labels positions and filter pairs in the UI language', () => {
    const positions = [
      { productPositionId: 1, productPosition: '利润款', productPositionEn: 'Profit maker' },
      { productPositionId: 2, productPosition: '清仓款', productPositionEn: '' },
    ];
    expect(positionOptions(positions, 'en-US')).toEqual([
      { value: 1, label: 'Profit maker' },
      { value: 2, label: '清仓款' },
    ]);
    expect(positionOptions(positions, 'zh-CN').map((o) => o.label)).toEqual(['利润款', '清仓款']);
    const pairs = [
      { zh: '电源', en: 'Power supplies' },
      { zh: '灯珠', en: 'LEDs' },
      { zh: '', en: 'Cables' },
    ];
    expect(pairOptions(pairs, 'en-US').map((o) => o.label)).toEqual(['Cables', 'LEDs', 'Power supplies']);
    expect(pairOptions(pairs, 'zh-CN').map((o) => o.value)).toEqual(expect.arrayContaining(['电源', '灯珠', 'Cables']));
  });
});
