/**
 * The app-version ranges of the publishing model (docs/appcontent.md): a small, strict subset
 * of npm's semver ranges, enough for targeting and nothing the app team would misread.
 *   range  := set ( '||' set )*
 *   set    := comparator ( ' ' comparator )*        (all must hold)
 *   comparator := ( '>=' | '>' | '<=' | '<' | '=' )? version
 *   version := major ( '.' minor ( '.' patch )? )?   (missing parts are 0: "<4" is "<4.0.0")
 * Pre-release and build tags are refused in ranges; an app version's own tag ("3.2.0-beta.1")
 * is ignored when it is compared (the app team ships betas to testers, not by targeting).
 */
export type Version = readonly [number, number, number];

/** One number of a version: no leading zero, at most six digits. */
const PART = /^(0|[1-9]\d{0,5})$/;
const TAG = /^[0-9A-Za-z.-]{1,40}$/;
const COMPARATOR = /^(>=|<=|>|<|=)?(.+)$/;

type Op = '>=' | '<=' | '>' | '<' | '=';
interface Comparator {
  op: Op;
  v: Version;
}
export type VersionRange = readonly (readonly Comparator[])[];

/** "3", "3.2" or "3.2.1" with at least `min` parts; missing parts are 0. */
function parseVersion(s: string, min: number): Version | null {
  const parts = s.split('.');
  if (parts.length < min || parts.length > 3 || !parts.every((p) => PART.test(p))) return null;
  return [Number(parts[0]), Number(parts[1] ?? 0), Number(parts[2] ?? 0)];
}

/** The version an app reports ("3.2", "3.2.1", "v3.2.1-beta.2"), or null when it is not one. */
export function parseAppVersion(s: string): Version | null {
  const t = s.trim().replace(/^v/, '');
  const cut = t.search(/[-+]/);
  if (cut >= 0 && !TAG.test(t.slice(cut + 1))) return null;
  return parseVersion(cut >= 0 ? t.slice(0, cut) : t, 2);
}

export function compareVersions(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** A range (empty text: every version), or null when the text is not one. */
export function parseRange(text: string): VersionRange | null {
  const t = text.trim();
  if (t === '') return [];
  if (t.length > 200) return null;
  const sets: Comparator[][] = [];
  for (const part of t.split('||')) {
    // ">= 3.2" is read as ">=3.2".
    const tokens = part
      .trim()
      .replace(/(>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    if (tokens.length === 0 || tokens.length > 4) return null;
    const set: Comparator[] = [];
    for (const tok of tokens) {
      const m = COMPARATOR.exec(tok);
      const v = m?.[2] ? parseVersion(m[2], 1) : null;
      if (!m || !v) return null;
      set.push({ op: (m[1] ?? '=') as Op, v });
    }
    sets.push(set);
  }
  return sets.length > 8 ? null : sets;
}

export const isRange = (text: string): boolean => parseRange(text) !== null;

/** Whether `version` lies in `range` (an empty range takes every version, even none). */
export function satisfies(version: Version | null, range: VersionRange): boolean {
  if (range.length === 0) return true;
  if (!version) return false;
  return range.some((set) =>
    set.every(({ op, v }) => {
      const c = compareVersions(version, v);
      return op === '>=' ? c >= 0 : op === '>' ? c > 0 : op === '<=' ? c <= 0 : op === '<' ? c < 0 : c === 0;
    }),
  );
}
