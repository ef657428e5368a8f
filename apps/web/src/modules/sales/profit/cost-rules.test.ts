import { costInductionBody } from '@bo/contract/sales/sales-profit';
import { describe, expect, it } from 'vitest';
import { costMessage, costMessageKey, costRule } from './cost-rules';

const translate = (key: string) => `«${key}»`;
const shape = costInductionBody.shape;
const check = async (schema: Parameters<typeof costRule>[0], value: unknown) => {
  const rule = costRule(schema, 'en-US', translate) as { validator: (r: unknown, v: unknown) => Promise<void> };
  try {
    await rule.validator({}, value);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
};

describe('cost form rules', () => {
  it('knows the contract and server messages of the form', () => {
    expect(costMessageKey('expected an ASIN: 10 letters or digits')).toBe('asin');
    expect(costMessageKey('no listing with this ASIN in the shop')).toBe('asinNotInShop');
    expect(costMessageKey('something else')).toBeNull();
    expect(costMessage('must not be in the future', 'zh-CN', translate)).toBe('«futureDate»');
    expect(costMessage('required', 'zh-CN', translate)).toBe('必填');
  });

  it('checks the ASIN and the amount with the contract schema', async () => {
    expect(await check(shape.asin, 'b0abc12345')).toBeNull();
    expect(await check(shape.asin, 'B0ABC')).toBe('«asin»');
    expect(await check(shape.asin, '')).toBe('Required');
    expect(await check(shape.amount, 12.5)).toBeNull();
    expect(await check(shape.amount, -3)).toBeNull();
    expect(await check(shape.amount, 0)).toBe('«amountZero»');
    expect(await check(shape.amount, 1.234)).toBe('«amountDecimals»');
    expect(await check(shape.amount, null)).toBe('Required');
  });
});
