/**
 * Who may read the history of carriers, rate cards and shipment settings (their screens' holders in the
 * company) and of freight bills (the holders of /logisticsMgr who see the bill's shop).
 */
import type { HistoryReaderMap } from '../../platform/area';
import { companyData, shopScoped } from '../../platform/audit/history.registry';
import { shopOfBill } from './shipment-costs.service';

export const logisticsHistory: HistoryReaderMap = {
  logistics_carrier: { permission: 'sales:logistics:carrierManage', canSee: companyData },
  logistics_rate_card: { permission: 'sales:logistics:carrierManage', canSee: companyData },
  logistics_shipment_setting: { permission: 'sales:logistics:shipmentConfig', canSee: companyData },
  logistics_bill: { permission: 'sales:logistics:manage', canSee: shopScoped('logistics_bill', shopOfBill) },
};
