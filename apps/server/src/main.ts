/** Reads config, opens the database, seeds, listens, and shuts down gracefully. */
import { buildApp } from './app';
import { loadConfig } from './config';
import { StartRefusal } from './db/pg-reach';
import { provisionDatabase } from './db/provision';
import { loggerOptions } from './platform/logging';
import { startMetricsServer } from './platform/runtime/metrics';
import { applyDemoSeed } from './seed/demo';
import { applyReferenceData } from './seed/reference';

async function main(): Promise<void> {
  const t0 = Date.now();
  const config = loadConfig();
  const say = (line: string) => process.stdout.write(`${line}\n`);
  say(config.DATABASE_URL ? 'Using the PostgreSQL at DATABASE_URL' : `Starting the embedded PostgreSQL in ${config.dataDir}`);
  const { database, embedded } = await provisionDatabase(config);

  const ref = await applyReferenceData(database.db, { adminPassword: config.ADMIN_PASSWORD });
  const demo = config.SEED === 'demo' ? await applyDemoSeed(database.db, { demoPassword: config.DEMO_PASSWORD }) : null;

  const app = await buildApp({
    config,
    db: database.db,
    logger: loggerOptions(config.LOG_LEVEL),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`\n${signal}: shutting down`);
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Closing the app (shutdown above) stops the worker: no new claims, running jobs get a grace period.
  if (config.JOBS_ENABLED) app.jobs.start();
  if (config.METRICS_PORT !== undefined) {
    const metrics = await startMetricsServer(config.METRICS_PORT);
    say(`Runtime metrics at http://127.0.0.1:${metrics.port}/metrics (loopback only)`);
  }
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
  const url = `http://${config.HOST}:${port}`;
  say('');
  say(`Back-office is running at ${url}  (API docs: ${url}/api/docs)  [ready in ${Date.now() - t0} ms]`);
  if (ref.generatedAdminPassword) {
    say(`Sign in as admin with the generated password: ${ref.generatedAdminPassword}`);
    say(
      '  (shown once; set ADMIN_PASSWORD before the first start to choose it, or run: npm run users -- password admin NEWPASSWORD)',
    );
  } else {
    say('Sign in as admin with the password set at first start (ADMIN_PASSWORD).');
  }
  if (demo?.applied) {
    const pw = demo.generatedPassword ?? '(DEMO_PASSWORD)';
    say(
      `Demo users (password ${pw}): sales.manager, sales.analyst, ppc.specialist, cs.agent, cs.lead, planner, pm, shop.a, shop.b`,
    );
  }
  say('Stop with Ctrl+C.');
}

main().catch((err) => {
  // A refusal says in one line what to do; anything else is a fault, shown with its stack.
  const refusal = err instanceof StartRefusal;
  process.stderr.write(
    `Failed to start: ${err instanceof Error ? (refusal ? err.message : (err.stack ?? err.message)) : String(err)}\n`,
  );
  process.exit(1);
});
