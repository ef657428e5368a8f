/**
 * `npm run seed -- --size small|large [--today yyyy-MM-dd] [--seed N]`: replace the sales
 * demo data (products, listings, costs, rates, facts, rollups) with a generated set.
 * Uses DATABASE_URL, or the embedded database in DATA_DIR (running or not); applies the
 * migrations, the reference data and, when missing, the demo users and shops first.
 */
import { sql } from 'drizzle-orm';
import { DEMO_SEED_KEY } from '../modules/access/access.seed';
import { generatePpcDemoIn, PPC_SEED_KEY } from '../modules/ppc/ppc.seed';
import { generateSalesDemo, SALES_SEED_KEY, type Size } from '../modules/sales/seed/generate';
import { exitWith, withCliDatabase } from './cli';
import { applyDemoSeed } from './demo';
import { applyReferenceData } from './reference';

const usage = 'usage: npm run seed -- --size small|large [--today yyyy-MM-dd] [--seed N]';

function parseArgs(argv: string[]): { size: Size; today?: Date; seed?: number } | null {
  let size: Size | null = null;
  let today: Date | undefined;
  let seed: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? '').split('=', 2) as [string, string | undefined];
    const value = inline ?? argv[++i];
    if (flag === '--size' && (value === 'small' || value === 'large')) size = value;
    else if (flag === '--today' && value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))) {
      today = new Date(`${value}T00:00:00Z`);
    } else if (flag === '--seed' && value && /^\d+$/.test(value)) seed = Number(value);
    else return null;
  }
  return size ? { size, today, seed } : null;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(usage);
    return 2;
  }
  return withCliDatabase(async (db, config) => {
    const ref = await applyReferenceData(db, { adminPassword: config.ADMIN_PASSWORD });
    if (ref.generatedAdminPassword) {
      console.log(`Created admin with the generated password: ${ref.generatedAdminPassword} (shown once)`);
    }
    const demoDone = await db.execute(sql`SELECT 1 FROM app_meta WHERE key = ${DEMO_SEED_KEY}`);
    if (!demoDone.rows.length) {
      console.log('Applying the demo users and shops first …');
      const demo = await applyDemoSeed(db, { demoPassword: config.DEMO_PASSWORD });
      if (demo.generatedPassword) console.log(`Demo users' generated password: ${demo.generatedPassword} (shown once)`);
    }
    const t0 = Date.now();
    const result = await generateSalesDemo(db, { ...args, log: (msg) => console.log(msg) });
    await db.execute(sql`
      INSERT INTO app_meta (key, value) VALUES (${SALES_SEED_KEY}, ${args.size})
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
    // Advertising data follows the listings and facts just generated (it references them).
    const t1 = Date.now();
    const ppc = await db.transaction(async (tx) => {
      const r = await generatePpcDemoIn(tx, { size: args.size, seed: args.seed, log: (msg) => console.log(msg) });
      await tx.execute(sql`
        INSERT INTO app_meta (key, value) VALUES (${PPC_SEED_KEY}, ${args.size})
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
      return r;
    });
    console.log(
      `PPC demo (${args.size}): ${ppc.campaigns} campaigns, ${ppc.performanceRows.toLocaleString('en-US')} performance rows ` +
        `over ${ppc.days} days in ${((Date.now() - t1) / 1000).toFixed(1)} s`,
    );
    const size = await db.execute<{ size: string }>(sql`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`);
    console.log(
      `Sales demo (${args.size}): ${result.products} products, ${result.skus} SKUs, ${result.listings} listings, ` +
        `${result.facts.toLocaleString('en-US')} facts in ${((Date.now() - t0) / 1000).toFixed(1)} s; database ${size.rows[0]?.size}`,
    );
    return 0;
  });
}

exitWith(main);
