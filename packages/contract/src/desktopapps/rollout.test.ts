/** The update resolver by hand: stable buckets, their spread over 10,000 devices, raised rollouts, the mandatory rule, channels, rollback. */
import { describe, expect, it } from 'vitest';
import { parseAppVersion } from '../appcontent/semver';
import { bucketOf, type DeviceCheck, hash32, inRollout, isBelowMinimum, type LiveRelease, resolveUpdate } from './rollout';

const devices = Array.from({ length: 10_000 }, (_, i) => `dev-${i.toString(36)}-${(i * 7919) % 104729}`);
const v = (s: string) => {
  const p = parseAppVersion(s);
  if (!p) throw new Error(s);
  return p;
};
const rel = (version: string, extra: Partial<LiveRelease> = {}): LiveRelease => ({
  version,
  channel: 'stable',
  state: 'released',
  percentage: 100,
  minimumVersion: '',
  ...extra,
});
const check = (version: string, device = 'dev-1', channel: DeviceCheck['channel'] = 'stable'): DeviceCheck => ({
  product: 'lumio-desktop',
  channel,
  version: v(version),
  device,
});

describe('rollout buckets', () => {
  it('are stable: the same product, version and device give the same bucket, known values included', () => {
    expect(bucketOf('lumio-desktop', '2.4.0', 'dev-1')).toBe(bucketOf('lumio-desktop', '2.4.0', 'dev-1'));
    // Fixed figures: a change of the hash would move devices in and out of running rollouts.
    expect([bucketOf('a', '1.0.0', 'x'), bucketOf('lumio-desktop', '2.4.0', 'dev-1')]).toEqual([1118, 6016]);
    expect(hash32('a')).not.toBe(hash32('b'));
    expect(bucketOf('lumio-desktop', '2.4.0', 'dev-1')).not.toBe(bucketOf('lumio-desktop', '2.4.1', 'dev-1'));
  });

  it('rollout buckets stable and close to the percentage over 10,000 devices', () => {
    for (const pct of [1, 5, 10, 25, 50, 90]) {
      for (const version of ['2.4.0', '3.0.0']) {
        const n = devices.filter((d) => inRollout(bucketOf('lumio-desktop', version, d), pct)).length;
        expect(Math.abs((n / devices.length) * 100 - pct), `${version} at ${pct} %: ${n}`).toBeLessThanOrEqual(1.5);
      }
    }
    const again = devices.map((d) => bucketOf('lumio-desktop', '2.4.0', d));
    expect(devices.map((d) => bucketOf('lumio-desktop', '2.4.0', d))).toEqual(again);
    expect(again.every((b) => Number.isInteger(b) && b >= 0 && b < 10_000)).toBe(true);
  });

  it('keeps every device when raised (10 % to 20 % to 100 %)', () => {
    const at = (pct: number) => new Set(devices.filter((d) => inRollout(bucketOf('p', '1.2.3', d), pct)));
    const ten = at(10);
    const twenty = at(20);
    expect([...ten].every((d) => twenty.has(d))).toBe(true);
    expect(twenty.size).toBeGreaterThan(ten.size);
    expect(at(100).size).toBe(devices.length);
  });
});

describe('resolveUpdate', () => {
  it('offers the newest live release newer than the device, or nothing', () => {
    const all = [rel('2.3.0'), rel('2.4.0'), rel('2.5.0', { state: 'draft', percentage: 0 }), rel('2.6.0', { state: 'paused' })];
    expect(resolveUpdate(all, check('2.2.9')).release?.version).toBe('2.4.0');
    expect(resolveUpdate(all, check('2.4.0')).release).toBeNull();
    expect(resolveUpdate(all, check('2.4')).release).toBeNull();
  });

  it('gives a rolling release only to the devices in its bucket range, else the release before it', () => {
    const all = [rel('2.4.0'), rel('2.5.0', { state: 'rolling', percentage: 10 })];
    const inside = devices.find((d) => bucketOf('lumio-desktop', '2.5.0', d) < 1000) as string;
    const outside = devices.find((d) => bucketOf('lumio-desktop', '2.5.0', d) >= 1000) as string;
    expect(resolveUpdate(all, check('2.3.0', inside)).release?.version).toBe('2.5.0');
    expect(resolveUpdate(all, check('2.3.0', outside)).release?.version).toBe('2.4.0');
    const seen = resolveUpdate(all, check('2.4.0', outside));
    expect(seen.release).toBeNull();
    expect(seen.considered.map((c) => [c.version, c.skipped])).toEqual([
      ['2.5.0', 'outsideRollout'],
      ['2.4.0', 'notNewer'],
    ]);
  });

  it('is mandatory when the device is below the release’s minimum version', () => {
    const all = [rel('3.0.0', { minimumVersion: '2.5.0' })];
    expect(resolveUpdate(all, check('2.4.9')).mandatory).toBe(true);
    expect(resolveUpdate(all, check('2.5.0')).mandatory).toBe(false);
    expect(resolveUpdate(all, check('2.9.0')).mandatory).toBe(false);
    expect(isBelowMinimum(v('1.0.0'), '')).toBe(false);
  });

  it('gives a beta device the newest beta, or a stable release newer than it; a stable device never a beta', () => {
    const all = [rel('2.4.0'), rel('2.5.0', { channel: 'beta' })];
    expect(resolveUpdate(all, check('2.3.0', 'dev-1', 'beta')).release?.version).toBe('2.5.0');
    expect(resolveUpdate(all, check('2.3.0', 'dev-1', 'stable')).release?.version).toBe('2.4.0');
    const later = [...all, rel('2.6.0')];
    expect(resolveUpdate(later, check('2.5.0', 'dev-1', 'beta')).release?.version).toBe('2.6.0');
  });

  it('sends a device on a rolled-back version to the newest earlier live release, mandatory', () => {
    const all = [rel('2.4.0'), rel('2.5.0', { state: 'rolledBack' })];
    const d = resolveUpdate(all, check('2.5.0'));
    expect(d.release?.version).toBe('2.4.0');
    expect(d).toMatchObject({ mandatory: true, rollback: true });
    // A device below it is offered what it would have been offered anyway.
    expect(resolveUpdate(all, check('2.3.0'))).toMatchObject({ mandatory: false, rollback: false });
    expect(resolveUpdate(all, check('2.3.0')).release?.version).toBe('2.4.0');
  });
});
