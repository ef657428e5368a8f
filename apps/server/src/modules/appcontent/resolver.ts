/**
 * The one resolver of the publishing model (docs/appcontent.md): what one app (country,
 * language, version, platform, model) sees of a kind (and slot) at an instant. The app's read
 * API and the back office's preview both call it, so a preview is what a phone gets.
 *
 * A record is seen when its state is scheduled or published, the instant lies in its window
 * (start ≤ at < end; a null start or end is open), and each targeting list it names holds the
 * app's value (an app that does not say its country is not in a list of countries). Languages
 * match by tag or by the tag's language ("zh" takes zh-CN). Version ranges are semver
 * (contract appcontent/semver.ts), checked here on the few rows the SQL filters let through.
 * Order: priority high first, then position, then id.
 */
import { createHash } from 'node:crypto';
import type { AppContentKind } from '@bo/contract/appcontent/app-api';
import type { AppContextInput } from '@bo/contract/appcontent/publishing';
import { parseAppVersion, parseRange, satisfies } from '@bo/contract/appcontent/semver';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { KINDS } from './content.kinds';

/** An item the app gets: where it stands and in which order, then the kind's own fields (`ContentKind.itemOf`). */
export interface ResolvedItem {
  id: number;
  slot: string;
  priority: number;
  position: number;
  windowStart: string | null;
  windowEnd: string | null;
  [field: string]: unknown;
}

export interface Resolved {
  items: ResolvedItem[];
  /** The items as JSON, made once: hashed for the ETag and sent as they are. */
  json: string;
  /** A strong ETag of exactly these items. */
  etag: string;
  /** Seconds an app may keep the answer: at most a minute, never past the next window edge. */
  maxAge: number;
}

export const MAX_AGE_SECONDS = 60;

interface Row extends Record<string, unknown> {
  id: number;
  slot: string;
  payload: Record<string, unknown>;
  version_range: string;
  window_start: string | null;
  window_end: string | null;
  priority: number;
  position: number;
}

const iso = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

function toItem(kind: AppContentKind, r: Row, lang: string | undefined): ResolvedItem {
  return {
    id: Number(r.id),
    slot: r.slot,
    priority: Number(r.priority),
    position: Number(r.position),
    windowStart: r.window_start,
    windowEnd: r.window_end,
    ...KINDS[kind].itemOf(r.payload, lang, {
      windowStart: r.window_start,
      windowEnd: r.window_end,
      models: (r.models as string[] | undefined) ?? [],
    }),
  };
}

const LIVE_COLUMNS = sql`id, slot, payload, version_range, ${iso('window_start')} AS window_start,
  ${iso('window_end')} AS window_end, priority, position, countries, platforms, models, languages`;

/** The record's targeting lists, for the choice made in the process (`pick`). */
interface LiveRow extends Row {
  countries: string[];
  platforms: string[];
  models: string[];
  languages: string[];
}

export async function resolve(
  db: DbOrTx,
  kind: AppContentKind,
  slot: string | undefined,
  app: AppContextInput,
  at: Date = new Date(),
): Promise<Resolved> {
  const when = at.toISOString();
  const lang = app.lang;
  const primary = lang?.split('-')[0] ?? null;
  // One statement: the live records this app's targeting takes whose window has not ended. The
  // window's start, the version range and the next edge are judged in `pick` on those few rows:
  // a record this app's targeting does not take cannot change its answer, so it sets no edge.
  const rows = await db.execute<Row>(sql`
      SELECT ${LIVE_COLUMNS}
        FROM app_content
       WHERE kind = ${kind} ${slot ? sql`AND slot = ${slot}` : sql``} AND state IN ('scheduled', 'published')
         AND (window_end IS NULL OR window_end > ${when}::timestamptz)
         AND (cardinality(countries) = 0 OR ${app.country ?? null}::text = ANY (countries))
         AND (cardinality(platforms) = 0 OR ${app.platform ?? null}::text = ANY (platforms))
         AND (cardinality(models) = 0 OR ${app.model ?? null}::text = ANY (models))
         AND (cardinality(languages) = 0 OR ${lang ?? null}::text = ANY (languages) OR ${primary}::text = ANY (languages))
       ORDER BY priority DESC, position, id`);
  return pick(kind, rows.rows, app, at).resolved;
}

/** What the app sees of rows its targeting takes (ordered): the window's start, the version range, the next edge. */
function pick(kind: AppContentKind, rows: readonly Row[], app: AppContextInput, at: Date): { resolved: Resolved; next: number } {
  const lang = app.lang;
  const now = at.getTime();
  const version = app.version ? parseAppVersion(app.version) : null;
  let next = Number.POSITIVE_INFINITY;
  const items: ResolvedItem[] = [];
  for (const r of rows) {
    const start = r.window_start ? Date.parse(r.window_start) : null;
    const end = r.window_end ? Date.parse(r.window_end) : null;
    if (end !== null && end <= now) continue;
    if (start !== null && start > now) {
      next = Math.min(next, start);
      continue;
    }
    if (end !== null) next = Math.min(next, end);
    if (satisfies(version, parseRange(r.version_range) ?? [[{ op: '=', v: [-1, -1, -1] }]])) items.push(toItem(kind, r, lang));
  }
  const json = JSON.stringify(items);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  const untilEdge = Number.isFinite(next) ? Math.ceil((next - now) / 1000) : MAX_AGE_SECONDS;
  return { resolved: { items, json, etag, maxAge: Math.max(0, Math.min(MAX_AGE_SECONDS, untilEdge)) }, next };
}

/** Whether a record's targeting takes this app (the SQL filter of `resolve`, in the process). */
function takes(r: LiveRow, app: AppContextInput, primary: string | null): boolean {
  const has = (list: string[], v: string | null | undefined) => list.length === 0 || (v != null && list.includes(v));
  return (
    has(r.countries, app.country) &&
    has(r.platforms, app.platform) &&
    has(r.models, app.model) &&
    (r.languages.length === 0 || has(r.languages, app.lang) || has(r.languages, primary))
  );
}

/**
 * The read API's answers, kept in the process (docs/appcontent.md, "Speed"): each kind's live
 * records are read at most every `ttlMs` (and at once after a write in this process, `forget`),
 * and each app's answer is kept until the next window edge or the next read of the records,
 * whichever comes first. A window's start or end therefore shows on time; a write made in
 * another process shows within `ttlMs`.
 */
export class LiveContent {
  private rows = new Map<string, { at: number; rows: Promise<LiveRow[]> }>();
  private answers = new Map<string, { until: number; rowsAt: number; answer: Resolved }>();
  constructor(
    private readonly db: DbOrTx,
    private readonly ttlMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  async resolve(kind: AppContentKind, slot: string | undefined, app: AppContextInput): Promise<Resolved> {
    const t = this.now();
    const live = this.liveRows(kind, t);
    const key = JSON.stringify([kind, slot ?? null, app.country, app.lang, app.platform, app.model, app.version]);
    const hit = this.answers.get(key);
    if (hit && hit.rowsAt === live.at && hit.until > t) return hit.answer;
    const primary = app.lang?.split('-')[0] ?? null;
    const rows = (await live.rows).filter((r) => (!slot || r.slot === slot) && takes(r, app, primary));
    const { resolved: answer, next } = pick(kind, rows, app, new Date(t));
    if (this.answers.size >= 10_000) this.answers.clear();
    this.answers.set(key, { until: next, rowsAt: live.at, answer });
    return answer;
  }

  /** Forgets what this process read (after a write here). */
  forget(): void {
    this.rows.clear();
    this.answers.clear();
  }

  private liveRows(kind: AppContentKind, t: number) {
    const cached = this.rows.get(kind);
    if (cached && t - cached.at < this.ttlMs) return cached;
    const entry = {
      at: t,
      rows: this.db
        .execute<LiveRow>(sql`
          SELECT ${LIVE_COLUMNS}
            FROM app_content
           WHERE kind = ${kind} AND state IN ('scheduled', 'published')
             AND (window_end IS NULL OR window_end > ${new Date(t).toISOString()}::timestamptz)
           ORDER BY priority DESC, position, id`)
        .then((r) => r.rows),
    };
    // A failed read is not kept: the next request reads again.
    entry.rows.catch(() => this.rows.get(kind) === entry && this.rows.delete(kind));
    this.rows.set(kind, entry);
    return entry;
  }
}
