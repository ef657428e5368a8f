/**
 * ESLint rule `local/no-foreign-tables`: SQL in apps/server/src/modules/<area>/ may name
 * only its own area's tables. An area reads another area's rows through the reads that
 * area publishes (`modules/<area>/<area>.reads.ts`), never by naming its tables, so a
 * table can change with its owner alone (docs/decisions.md, "Data layer").
 *
 * Ownership is read at lint time from the `pgTable('name', ...)` calls of each
 * `*.table.ts` under apps/server/src/modules/<area>/. Tables declared outside modules/
 * (platform: sessions, jobs, audit_log, app_meta) are shared and never reported.
 *
 * What counts as SQL: every sql`...` template, every string given to sql.raw(), and any
 * other string or template that holds an upper-case SELECT / INSERT / UPDATE / DELETE.
 * A table is named by the upper-case FROM, JOIN, INTO or UPDATE before it.
 *
 * The files that named foreign tables when the rule came are listed in
 * foreign-tables.baseline.json: the list may only shrink. A new foreign table in any file
 * is reported, and so is a baseline entry the file no longer needs (remove it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '..', '..');
const MODULES = path.join(REPO_ROOT, 'apps', 'server', 'src', 'modules');
export const BASELINE_FILE = path.join(here, 'foreign-tables.baseline.json');

/** The area of a file: the folder after `apps/server/src/modules/`, or null outside it. */
export function areaOf(filename) {
  const m = /apps[\\/]server[\\/]src[\\/]modules[\\/]([^\\/]+)[\\/]/.exec(filename);
  return m ? m[1] : null;
}

/** The file's key in the baseline: its path from the repository root, with forward slashes. */
export function baselineKey(filename) {
  const i = filename.replace(/\\/g, '/').indexOf('apps/server/src/');
  return i < 0 ? filename : filename.replace(/\\/g, '/').slice(i);
}

function* tableFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* tableFiles(full);
    else if (entry.name.endsWith('.table.ts')) yield full;
  }
}

/** table name → owning area, from the pgTable declarations of every area. */
export function readOwnership(modulesDir = MODULES) {
  const owners = {};
  for (const file of tableFiles(modulesDir)) {
    const area = areaOf(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/pgTable\(\s*['"]([a-z0-9_]+)['"]/g)) owners[m[1]] = area;
  }
  return owners;
}

export function readBaseline(file = BASELINE_FILE) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

const NAMED = /\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_][a-z0-9_]*)(?![\w.(])/g;
const STATEMENT = /\b(?:SELECT|INSERT|UPDATE|DELETE)\b/;

/** The table names a piece of SQL text names after FROM / JOIN / INTO / UPDATE. */
export function namedTables(text) {
  return [...text.matchAll(NAMED)].map((m) => m[1]);
}

const isSqlTag = (tag) =>
  (tag.type === 'Identifier' && tag.name === 'sql') ||
  (tag.type === 'MemberExpression' && tag.object.type === 'Identifier' && tag.object.name === 'sql');

const templateText = (tpl) => tpl.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' ? ');

let cachedOwners;
let cachedBaseline;

/** @type {import('eslint').Rule.RuleModule} */
export const noForeignTables = {
  meta: {
    type: 'problem',
    docs: { description: "SQL in an area names only that area's tables" },
    schema: [
      {
        type: 'object',
        properties: {
          owners: { type: 'object', additionalProperties: { type: 'string' } },
          baseline: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      foreign:
        "SQL in area '{{area}}' names the table {{table}} of area '{{owner}}': read it through modules/{{owner}}/{{owner}}.reads.ts (or add the read there).",
      stale:
        'foreign-tables.baseline.json lists {{table}} for this file, which no longer names it: remove the entry (the baseline only shrinks).',
    },
  },
  create(context) {
    const area = areaOf(context.filename);
    if (!area) return {};
    const options = context.options[0] ?? {};
    cachedOwners ??= options.owners ? undefined : readOwnership();
    cachedBaseline ??= options.baseline ? undefined : readBaseline();
    const owners = options.owners ?? cachedOwners;
    const baseline = options.baseline ?? cachedBaseline;
    const allowed = new Set(baseline[baselineKey(context.filename)] ?? []);
    const seen = new Set();

    const check = (node, text) => {
      for (const table of namedTables(text)) {
        const owner = owners[table];
        if (!owner || owner === area) continue;
        seen.add(table);
        if (!allowed.has(table)) context.report({ node, messageId: 'foreign', data: { area, table, owner } });
      }
    };

    return {
      TaggedTemplateExpression(node) {
        if (isSqlTag(node.tag)) check(node, templateText(node.quasi));
      },
      TemplateLiteral(node) {
        if (node.parent.type === 'TaggedTemplateExpression') return;
        const text = templateText(node);
        if (STATEMENT.test(text)) check(node, text);
      },
      Literal(node) {
        if (typeof node.value !== 'string') return;
        const call = node.parent;
        const raw =
          call.type === 'CallExpression' &&
          call.callee.type === 'MemberExpression' &&
          call.callee.object.type === 'Identifier' &&
          call.callee.object.name === 'sql' &&
          call.callee.property.type === 'Identifier' &&
          call.callee.property.name === 'raw';
        if (raw || STATEMENT.test(node.value)) check(node, node.value);
      },
      'Program:exit'(node) {
        for (const table of allowed) {
          if (!seen.has(table)) context.report({ node, messageId: 'stale', data: { table } });
        }
      },
    };
  },
};

export default { meta: { name: 'local' }, rules: { 'no-foreign-tables': noForeignTables } };
