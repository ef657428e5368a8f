import { describe, expect, it } from 'vitest';
import { browserLang, initialLang } from './lang';

describe('the language before sign-in', () => {
  it('follows the browser when nothing was chosen', () => {
    expect(initialLang(null, ['en-US', 'en'])).toBe('en-US');
    expect(initialLang(null, ['en-GB'])).toBe('en-US');
    expect(initialLang(null, ['zh-TW', 'en'])).toBe('zh-CN');
    expect(initialLang(null, ['de-DE', 'en-US'])).toBe('en-US');
  });

  it('keeps a stored choice over the browser', () => {
    expect(initialLang('zh-CN', ['en-US'])).toBe('zh-CN');
    expect(initialLang('en-US', ['zh-CN'])).toBe('en-US');
  });

  it('falls back to zh-CN for browsers in neither language', () => {
    expect(browserLang(['de-DE', 'fr'])).toBe('zh-CN');
    expect(browserLang([])).toBe('zh-CN');
    expect(browserLang(undefined)).toBe('zh-CN');
    expect(initialLang('xx', ['ja'])).toBe('zh-CN');
  });
});
