/** Who may read the history of carriers, rate cards and shipment settings: their screens' holders in the company. */
import type { HistoryReaderMap } from '../../platform/area';
import { companyData } from '../../platform/audit/history.registry';

export const logisticsHistory: HistoryReaderMap = {
  logistics_carrier: { permission: 'sales:logistics:carrierManage', canSee: companyData },
  logistics_rate_card: { permission: 'sales:logistics:carrierManage', canSee: companyData },
  logistics_shipment_setting: { permission: 'sales:logistics:shipmentConfig', canSee: companyData },
};
