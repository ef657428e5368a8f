/**
 * The fixture of the lint rule `local/no-foreign-tables` (scripts/eslint/foreign-tables.mjs):
 * SQL in an area that names another area's table is reported, its own tables and the
 * platform's are not, the baseline admits what it lists and reports what it no longer needs.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import tsParser from '@typescript-eslint/parser';
import { type Rule, RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const ruleFile = pathToFileURL(path.resolve(here, '../../../../scripts/eslint/foreign-tables.mjs')).href;
const mod = (await import(ruleFile)) as {
  noForeignTables: Rule.RuleModule;
  namedTables: (text: string) => string[];
  readOwnership: () => Record<string, string>;
};

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const owners = { listings: 'catalog', skus: 'catalog', mail_templates: 'mail', ppc_campaigns: 'ppc' };
const mailFile = '/repo/apps/server/src/modules/mail/templates/templates.repository.ts';
const key = 'apps/server/src/modules/mail/templates/templates.repository.ts';
const opts = (baseline: Record<string, string[]> = {}) => [{ owners, baseline }];

new RuleTester({ languageOptions: { parser: tsParser, ecmaVersion: 2023, sourceType: 'module' } }).run(
  'no-foreign-tables',
  mod.noForeignTables,
  {
    valid: [
      // The area's own table.
      { filename: mailFile, options: opts(), code: 'const q = sql`SELECT t.id FROM mail_templates t WHERE t.id = 1`;' },
      // A platform table (owned by no area) and a subquery are not reported.
      { filename: mailFile, options: opts(), code: 'const q = sql`SELECT 1 FROM audit_log a JOIN (SELECT 1) x ON true`;' },
      // Words that only look like tables: a column after a dot, a function call.
      {
        filename: mailFile,
        options: opts(),
        code: 'const q = sql`SELECT extract(epoch FROM t.listings) FROM mail_templates t`;',
      },
      // Outside modules/ the rule has nothing to say.
      {
        filename: '/repo/apps/server/src/platform/audit/audit.repository.ts',
        options: opts(),
        code: 'const q = sql`SELECT 1 FROM listings`;',
      },
      // A listed file may keep what the baseline lists.
      { filename: mailFile, options: opts({ [key]: ['listings'] }), code: 'const q = sql`SELECT 1 FROM listings`;' },
      // Prose with a lower-case "from" is no SQL.
      { filename: mailFile, options: opts(), code: "const m = 'copied from listings of the shop';" },
    ],
    invalid: [
      {
        filename: mailFile,
        options: opts(),
        code: 'const q = sql`SELECT l.asin FROM mail_templates t JOIN listings l ON l.id = t.listing_id`;',
        errors: [{ messageId: 'foreign', data: { area: 'mail', table: 'listings', owner: 'catalog' } }],
      },
      {
        filename: mailFile,
        options: opts(),
        code: "await pool.query('UPDATE ppc_campaigns SET state = $1');",
        errors: [{ messageId: 'foreign' }],
      },
      {
        filename: mailFile,
        options: opts(),
        code: "const q = sql.raw('SELECT 1 FROM skus');",
        errors: [{ messageId: 'foreign' }],
      },
      // A new foreign table in a listed file is still reported.
      {
        filename: mailFile,
        options: opts({ [key]: ['listings'] }),
        code: 'const q = sql`SELECT 1 FROM listings l JOIN skus s ON s.id = l.sku_id`;',
        errors: [{ messageId: 'foreign', data: { area: 'mail', table: 'skus', owner: 'catalog' } }],
      },
      // The baseline only shrinks: an entry the file no longer needs is reported.
      {
        filename: mailFile,
        options: opts({ [key]: ['listings'] }),
        code: 'const q = sql`SELECT 1 FROM mail_templates`;',
        errors: [{ messageId: 'stale', data: { table: 'listings' } }],
      },
    ],
  },
);

describe('ownership and parsing', () => {
  it('reads the owners from the pgTable declarations of each area', () => {
    const o = mod.readOwnership();
    expect(o.listings).toBe('catalog');
    expect(o.mail_templates).toBe('mail');
    expect(o.shops).toBe('shops');
    expect(o.audit_log).toBeUndefined();
  });
  it('finds the tables after FROM, JOIN, INTO and UPDATE', () => {
    expect(mod.namedTables('INSERT INTO a (x) SELECT 1 FROM b JOIN c ON true; UPDATE d SET y = 1')).toEqual(['a', 'b', 'c', 'd']);
  });
});
