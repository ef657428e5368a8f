import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ScreenHead } from '../../../shared/components/PageHead';
import { useUrlFilters } from '../../../shared/url-filters';
import { FeesTab } from '../fees/FeesTab';
import { UnitCostsTab } from './UnitCostsTab';

/** /productCost: unit costs of SKUs and marketplace fees, each dated; the tab lives in the query string. */
export default function ProductCostPage() {
  const { t } = useTranslation();
  const [filters] = useUrlFilters({ tab: 'costs' });
  const [, setParams] = useSearchParams();
  return (
    <div className="bo-page" data-testid="page-product-cost">
      <ScreenHead title={t('costs.productCost.title')} subtitle={t('costs.productCost.subtitle')} />
      <Card>
        <Tabs
          activeKey={filters.tab === 'fees' ? 'fees' : 'costs'}
          destroyOnHidden
          // Each tab has its own filters: switching starts from a clean query string.
          onChange={(tab) => setParams(tab === 'fees' ? { tab } : {}, { replace: true })}
          items={[
            { key: 'costs', label: t('costs.productCost.tabCosts'), children: <UnitCostsTab /> },
            { key: 'fees', label: t('costs.productCost.tabFees'), children: <FeesTab /> },
          ]}
        />
      </Card>
    </div>
  );
}
