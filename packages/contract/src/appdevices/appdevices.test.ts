/**
 * The device catalogue's pure rules, shared by the bodies' refinements and the screens' checks:
 * version minimums, a flow's steps, a calibration table's points, a SKU setting's value.
 */
import { describe, expect, it } from 'vitest';
import { stepIssues } from './pairing-flows';
import { isVersion } from './shared';
import { settingIssue, settingsIssues } from './sku-config';
import { wbIssues } from './white-balance';

const codes = (issues: { path: (string | number)[]; code: string }[]) => issues.map((i) => `${i.path.join('.')}:${i.code}`);

describe('version minimums', () => {
  it('take one to three numeric parts', () => {
    expect(['1', '1.2', '1.2.3', '10.0.1234'].every(isVersion)).toBe(true);
    expect(['', 'v1', '1.2.3.4', '1..2', '1.x', '12345'].some(isVersion)).toBe(false);
  });
});

describe('stepIssues', () => {
  const step = (order: number, more: object = {}) => ({
    order,
    titleZh: '',
    titleEn: 'T',
    action: 'none' as const,
    seconds: null,
    ...more,
  });
  it('names the second step of a taken order, a missing title and seconds that do not fit the action', () => {
    expect(
      codes(
        stepIssues([
          step(1),
          step(1),
          step(2, { titleEn: '' }),
          step(3, { action: 'hold' }),
          step(4, { action: 'press', seconds: 3 }),
          step(5, { action: 'wait', seconds: 10 }),
        ]),
      ),
    ).toEqual([
      'steps.1.order:appDevices.orderTaken',
      'steps.2.titleZh:appDevices.stepRequired',
      'steps.3.seconds:appDevices.secondsRequired',
      'steps.4.seconds:appDevices.secondsNotTimed',
    ]);
  });
});

describe('wbIssues', () => {
  it('wants temperatures strictly ascending and the white gain exactly on RGBW tables', () => {
    expect(
      codes(
        wbIssues('rgb', [
          { cct: 2700, w: null },
          { cct: 2700, w: null },
          { cct: 3000, w: 0.5 },
        ]),
      ),
    ).toEqual(['points.1.cct:appDevices.cctAscending', 'points.2.w:appDevices.whiteNotRgbw']);
    expect(
      codes(
        wbIssues('rgbw', [
          { cct: 2700, w: 1 },
          { cct: 6500, w: null },
        ]),
      ),
    ).toEqual(['points.1.w:appDevices.whiteRequired']);
  });
});

describe('SKU settings', () => {
  it('hold each value to its key’s type, range, step, choices and length', () => {
    expect(settingIssue('musicMode', true)).toBeNull();
    expect(settingIssue('musicMode', 1)?.code).toBe('appDevices.settingType');
    expect(settingIssue('maxBrightness', 100)).toBeNull();
    expect(settingIssue('maxBrightness', 101)).toEqual({ code: 'appDevices.settingRange', params: { min: 10, max: 100 } });
    expect(settingIssue('stripLength', 2.5)).toBeNull();
    expect(settingIssue('stripLength', 2.3)?.code).toBe('multipleOf');
    expect(settingIssue('colorOrder', 'GRB')).toBeNull();
    expect(settingIssue('colorOrder', 'grb')?.code).toBe('invalidOption');
    expect(settingIssue('defaultScene', 'x'.repeat(61))?.code).toBe('tooLong');
  });

  it('name a key given twice', () => {
    expect(
      codes(
        settingsIssues([
          { key: 'nightLight', value: true },
          { key: 'nightLight', value: false },
        ]),
      ),
    ).toEqual(['settings.1.key:listedTwice']);
  });
});
