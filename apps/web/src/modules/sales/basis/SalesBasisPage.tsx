import { Card, Tabs } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlFilters } from '../../../shared/url-filters';
import '../shared/sales.css';
import './sales-basis.css';
import { Page } from '../../../shared/components/PageHead';
import { BASIS_TABS, BASIS_URL, type BasisTab, readBasisView, tabPatch } from './basis-view';
import { MarketplacesTab } from './components/MarketplacesTab';
import { RatesTab } from './components/RatesTab';
import { TeamsTab } from './components/TeamsTab';

/**
 * /salesBasisInfo: the master data the sales figures depend on. Exchange rates (a change
 * re-rates the sales of the days it governs), sales teams and the product lines they own
 * (the director breakdown), and the marketplaces with their shops. The tab, currency,
 * chart range, page and sort live in the query string.
 */
export default function SalesBasisPage() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlFilters(BASIS_URL);
  const view = useMemo(() => readBasisView(url), [url]);
  const set = setUrl as (patch: Record<string, string>) => void;
  return (
    <Page testId="page-sales-basis" texts="salesBasis">
      <Card>
        <Tabs
          activeKey={view.tab}
          onChange={(tab) => set(tabPatch(tab as BasisTab))}
          items={BASIS_TABS.map((tab) => ({
            key: tab,
            label: <span data-testid={`basis-tab-${tab}`}>{t(`salesBasis.tabs.${tab}`)}</span>,
          }))}
        />
        {view.tab === 'rates' && <RatesTab view={view} setUrl={set} />}
        {view.tab === 'teams' && <TeamsTab view={view} setUrl={set} />}
        {view.tab === 'markets' && <MarketplacesTab />}
      </Card>
    </Page>
  );
}
