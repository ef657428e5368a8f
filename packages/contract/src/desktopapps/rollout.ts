/**
 * Which update a desktop app gets (docs/desktop-updates.md): the one resolver the public update
 * call and the back office's "check as a device" panel both run, as pure functions.
 *
 * A device's bucket for a release is a stable hash of (product code, release version, device id)
 * into 0..9999; the device is in the release's rollout when bucket < percentage x 100. The bucket
 * does not depend on the percentage, so raising 10 % to 20 % keeps every device that had it.
 * Each release hashes on its own version, so the 10 % of one release are not always the same
 * devices as the 10 % of the next.
 */
import { compareVersions, parseAppVersion, type Version } from '../appcontent/semver';

export const DESKTOP_PLATFORMS = ['windows', 'macos'] as const;
export type DesktopPlatform = (typeof DESKTOP_PLATFORMS)[number];
export const DESKTOP_CHANNELS = ['stable', 'beta'] as const;
export type DesktopChannel = (typeof DESKTOP_CHANNELS)[number];
export const RELEASE_STATES = ['draft', 'rolling', 'released', 'paused', 'rolledBack'] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];

/** Buckets per release: a percentage counts in hundredths (0.01 % steps would fit later). */
export const BUCKETS = 10_000;

/** A release's version: strict `x.y.z`, each part without a leading zero, at most six digits. */
export const RELEASE_VERSION = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;

export function parseReleaseVersion(s: string): Version | null {
  return RELEASE_VERSION.test(s) ? parseAppVersion(s) : null;
}

const encoder = new TextEncoder();

/**
 * FNV-1a (32 bits) over the UTF-8 bytes, then murmur3's finaliser so that the low digits used
 * by the modulo are as well mixed as the high ones. The same in every JS engine.
 */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of encoder.encode(text)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The device's bucket (0..9999) for one release of one product. */
export const bucketOf = (product: string, releaseVersion: string, device: string): number =>
  hash32(`${product}\u0000${releaseVersion}\u0000${device}`) % BUCKETS;

/** Whether a bucket is inside a rollout of `percentage` (0..100, two decimals at most). */
export const inRollout = (bucket: number, percentage: number): boolean => bucket < Math.round(percentage * 100);

/** A release as the resolver needs it. */
export interface LiveRelease {
  version: string;
  channel: DesktopChannel;
  state: ReleaseState;
  /** 1..100; a released release is 100. */
  percentage: number;
  /** '' for none. */
  minimumVersion: string;
}

export interface DeviceCheck {
  product: string;
  channel: DesktopChannel;
  /** The version the device runs (as the app reports it: "3.2", "v3.2.1-beta.1" are read too). */
  version: Version;
  device: string;
}

/** How the resolver saw one release for this device (the preview panel shows it). */
export interface ConsideredRelease {
  version: string;
  channel: DesktopChannel;
  state: ReleaseState;
  percentage: number;
  bucket: number;
  inRollout: boolean;
  /** Why it is not offered, or null when it is a candidate. */
  skipped: 'channel' | 'notLive' | 'notNewer' | 'outsideRollout' | null;
}

export interface UpdateDecision<R extends LiveRelease> {
  release: R | null;
  /** The device's version is below the release's minimum version, or its own version was withdrawn. */
  mandatory: boolean;
  /** The device runs a rolled-back version: the offer may be older than what it runs. */
  rollback: boolean;
  considered: ConsideredRelease[];
}

/** Releases a device of `channel` follows: a beta device also takes stable releases. */
export const followsChannel = (device: DesktopChannel, release: DesktopChannel) => release === 'stable' || release === device;

const LIVE: ReadonlySet<ReleaseState> = new Set(['rolling', 'released']);

/**
 * The update for one device among one product/platform's releases (any order, any state):
 * the newest live release of a channel it follows, whose rollout holds its bucket, newer than
 * what it runs. A device running a rolled-back version is offered the newest such release even
 * if it is older than its own (a rollback), and must take it.
 */
export function resolveUpdate<R extends LiveRelease>(releases: readonly R[], check: DeviceCheck): UpdateDecision<R> {
  const own = releases.find((r) => {
    const v = parseReleaseVersion(r.version);
    return v !== null && compareVersions(v, check.version) === 0 && followsChannel(check.channel, r.channel);
  });
  const rollback = own?.state === 'rolledBack';
  const considered: ConsideredRelease[] = [];
  let best: { r: R; v: Version } | null = null;
  for (const r of releases) {
    const v = parseReleaseVersion(r.version);
    if (!v) continue;
    const pct = r.state === 'released' ? 100 : r.percentage;
    const bucket = bucketOf(check.product, r.version, check.device);
    const inside = inRollout(bucket, pct);
    const skipped: ConsideredRelease['skipped'] = !followsChannel(check.channel, r.channel)
      ? 'channel'
      : !LIVE.has(r.state)
        ? 'notLive'
        : !(rollback ? compareVersions(v, check.version) !== 0 : compareVersions(v, check.version) > 0)
          ? 'notNewer'
          : !inside
            ? 'outsideRollout'
            : null;
    considered.push({
      version: r.version,
      channel: r.channel,
      state: r.state,
      percentage: pct,
      bucket,
      inRollout: inside,
      skipped,
    });
    if (skipped === null && (!best || compareVersions(v, best.v) > 0)) best = { r, v };
  }
  considered.sort((a, b) =>
    compareVersions(parseReleaseVersion(b.version) ?? [0, 0, 0], parseReleaseVersion(a.version) ?? [0, 0, 0]),
  );
  if (!best) return { release: null, mandatory: false, rollback: false, considered };
  return { release: best.r, mandatory: rollback || isBelowMinimum(check.version, best.r.minimumVersion), rollback, considered };
}

/** Whether a device on `version` must update to a release whose minimum version is `minimum` ('' for none). */
export function isBelowMinimum(version: Version, minimum: string): boolean {
  const min = parseReleaseVersion(minimum);
  return min !== null && compareVersions(version, min) < 0;
}
