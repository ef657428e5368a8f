/**
 * Every area of the app, once (platform/area.ts): app.ts binds their routes, registers their
 * jobs, import kinds and history readers; seed/demo.ts runs their seed steps. A new area is
 * a folder under modules/ with its `<area>.manifest.ts` and one line here (areas.test.ts
 * fails while a folder is missing from this list). Routes are bound in this order.
 */
import type { AreaManifest } from '../platform/area';
import { auditArea } from '../platform/audit/audit.manifest';
import { filesArea } from '../platform/files/files.manifest';
import { notifyArea } from '../platform/notify/notify.manifest';
import { shareArea } from '../platform/share/share.manifest';
import { accessArea } from './access/access.manifest';
import { appContentArea } from './appcontent/appcontent.manifest';
import { appDataArea } from './appdata/appdata.manifest';
import { appDevicesArea } from './appdevices/appdevices.manifest';
import { appMessagesArea } from './appmessages/appmessages.manifest';
import { backMgrArea } from './backmgr/backmgr.manifest';
import { brandArea } from './brand/brand.manifest';
import { catalogArea } from './catalog/catalog.manifest';
import { costsArea } from './costs/costs.manifest';
import { customsArea } from './customs/customs.manifest';
import { desktopAppsArea } from './desktopapps/desktopapps.manifest';
import { forecastsArea } from './forecasts/forecasts.manifest';
import { growthArea } from './growth/growth.manifest';
import { gtmArea } from './gtm/gtm.manifest';
import { h5PagesArea } from './h5pages/h5pages.manifest';
import { importsArea } from './imports/imports.manifest';
import { inventoryArea } from './inventory/inventory.manifest';
import { listingsArea } from './listings/listings.manifest';
import { logisticsArea } from './logistics/logistics.manifest';
import { mailArea } from './mail/mail.manifest';
import { okrArea } from './okr/okr.manifest';
import { ordersArea } from './orders/orders.manifest';
import { organizationArea } from './organization/organization.manifest';
import { ppcArea } from './ppc/ppc.manifest';
import { projectsArea } from './projects/projects.manifest';
import { reportsArea } from './reports/reports.manifest';
import { salesArea } from './sales/sales.manifest';
import { shopsArea } from './shops/shops.manifest';
import { supplyBoardsArea } from './supplyboards/supplyboards.manifest';
import { trialsArea } from './trials/trials.manifest';

export const AREAS: readonly AreaManifest[] = [
  accessArea,
  shopsArea,
  salesArea,
  importsArea,
  costsArea,
  listingsArea,
  ppcArea,
  auditArea,
  notifyArea,
  filesArea,
  shareArea,
  catalogArea,
  mailArea,
  ordersArea,
  organizationArea,
  backMgrArea,
  appContentArea,
  appDevicesArea,
  appMessagesArea,
  projectsArea,
  okrArea,
  inventoryArea,
  reportsArea,
  forecastsArea,
  logisticsArea,
  desktopAppsArea,
  appDataArea,
  growthArea,
  brandArea,
  gtmArea,
  supplyBoardsArea,
  customsArea,
  h5PagesArea,

  trialsArea,
];
