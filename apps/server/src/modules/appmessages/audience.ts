/**
 * An audience as a SQL condition on `app_devices d`: the content model's targeting rules
 * (docs/appcontent.md, "Targeting"; the resolver's `takes`) read from the device's side. Each
 * list a message names must hold the device's value (an empty list takes every value); a language
 * list takes a device's tag or its language alone ("zh" takes zh-cn); the version range (the
 * content model's semver subset) becomes row comparisons on the version's numbers, so a whole
 * audience is counted and expanded by the database, on any number of devices.
 */
import type { Targeting } from '@bo/contract/appcontent/publishing';
import { parseRange, type Version } from '@bo/contract/appcontent/semver';
import { type SQL, sql } from 'drizzle-orm';
import { textSet } from '../../db/sql';

const tuple = (v: Version) => sql`(${v[0]}::int, ${v[1]}::int, ${v[2]}::int)`;
const DEVICE_VERSION = sql`(d.v_major, d.v_minor, d.v_patch)`;

/** The version range as a condition on the device's version; an unreadable range takes nobody. */
export function versionCondition(range: string): SQL {
  const parsed = parseRange(range);
  if (parsed === null) return sql`FALSE`;
  if (parsed.length === 0) return sql`TRUE`;
  const sets = parsed.map((set) =>
    sql.join(
      set.map(({ op, v }) => sql`${DEVICE_VERSION} ${sql.raw(op === '=' ? '=' : op)} ${tuple(v)}`),
      sql` AND `,
    ),
  );
  return sql`(${sql.join(
    sets.map((s) => sql`(${s})`),
    sql` OR `,
  )})`;
}

/** The devices an audience takes, as a condition on `app_devices d`. */
export function audienceCondition(t: Targeting): SQL {
  const parts: SQL[] = [];
  if (t.countries.length) parts.push(sql`d.country IN ${textSet(t.countries)}`);
  if (t.platforms.length) parts.push(sql`d.platform IN ${textSet(t.platforms)}`);
  if (t.models.length) parts.push(sql`d.model IN ${textSet(t.models)}`);
  if (t.languages.length)
    parts.push(sql`(d.language IN ${textSet(t.languages)} OR split_part(d.language, '-', 1) IN ${textSet(t.languages)})`);
  parts.push(versionCondition(t.versionRange));
  return sql.join(parts, sql` AND `);
}
