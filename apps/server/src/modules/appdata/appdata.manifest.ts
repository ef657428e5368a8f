/**
 * What the app reports (issue #24): the action list, the app's event reports with their daily
 * rollups, the data square, and joint QR codes with their public redirect. docs/app-data.md.
 */
import { RAW_RETENTION_DAYS } from '@bo/contract/appdata/events';
import { defineArea } from '../../platform/area';
import { appDataHistory } from './appdata.history';
import { appDataRoutes } from './appdata.routes';
import { applyAppDataDemoOnce } from './appdata.seed';
import { purgeOld } from './events.service';

export const appDataArea = defineArea({
  name: 'appdata',
  routes: appDataRoutes,
  historyReaders: appDataHistory,
  // Raw events past 90 days and scanners' hashes of days gone; the rollups stay.
  jobs: (ctx) => ({
    'appdata.purge': {
      run: async () => {
        await purgeOld(ctx.db, RAW_RETENTION_DAYS);
      },
      everyMs: 6 * 60 * 60 * 1000,
    },
  }),
  // 24 actions with 12 months of rolled-up events over the catalogue's models; two QR codes with scans.
  seed: [{ name: 'appdata', after: ['accounts', 'sales'], run: (db) => applyAppDataDemoOnce(db) }],
});
