import { FileExcelOutlined, WalletOutlined } from '@ant-design/icons';
import { salesProfit as ep } from '@bo/contract';
import { REPORTING_CURRENCY, SALES_DIMENSIONS, type SalesDimension } from '@bo/contract/sales/sales-profit';
import { Button, Card, Space, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { QueryStates } from '../../../shared/components/QueryStates';
import { download } from '../../../shared/http/http-client';
import { toUrlPatch, useStepBackToLastPage } from '../../../shared/list-paging';
import { todayLocal } from '../../../shared/period/period-presets';
import { useUrlFilters } from '../../../shared/url-filters';
import { SalesFilterBar } from '../filters/SalesFilterBar';
import { narrowingCount, salesFilterPatch } from '../filters/sales-filters';
import '../shared/sales.css';
import { Page } from '../../../shared/components/PageHead';
import { SearchBox } from '../../../shared/components/SearchBox';
import { DirectorPicker } from './components/DirectorPicker';
import { MissingCostsAlert } from './components/MissingCostsAlert';
import { OtherCostsDrawer } from './components/OtherCostsDrawer';
import { ProfitTable } from './components/ProfitTable';
import { PROFIT_URL, profitExportQuery, profitFilterQuery, profitListQuery, readProfitView, tabPatch } from './profit-view';
import { useProfitList } from './sales-profit.queries';

/**
 * /salesProfit: sales and profit per SKU, shop, product line or sales director, with
 * the totals of the whole filtered set, the listings whose profit is overstated for
 * want of costs, the other costs and their entry, and the exports. Everything the view
 * shows lives in the query string.
 */
export default function SalesProfitPage() {
  const { t } = useTranslation();
  const today = todayLocal();
  const [url, setUrl, resetUrl] = useUrlFilters(PROFIT_URL);
  const view = useMemo(() => readProfitView(url, today), [url, today]);
  const filterQuery = useMemo(() => profitFilterQuery(view), [view]);
  const listQuery = useMemo(() => profitListQuery(view), [view]);
  const list = useProfitList(view.dimension, listQuery);
  const [costsOpen, setCostsOpen] = useState(false);
  const currency = list.data?.currency ?? REPORTING_CURRENCY;
  const period = { startDate: view.filters.startDate, endDate: view.filters.endDate };

  const total = list.data?.total ?? 0;
  useStepBackToLastPage(Boolean(list.data), total, view, setUrl);
  const filtered = narrowingCount(view.filters) > 0 || Boolean(view.keyword) || view.directorId !== null;

  return (
    <Page
      testId="page-sales-profit"
      texts="sales.profit"
      extra={
        <Space wrap>
          <Button icon={<WalletOutlined />} onClick={() => setCostsOpen(true)} data-testid="profit-costs">
            {t('sales.costs.open')}
          </Button>
          <Can permission="sales:profit:export">
            <ExportButton
              label={t('sales.export.daily')}
              icon={<FileExcelOutlined />}
              testId="profit-export-daily"
              fetchFile={(options) => download(ep.tsReportExport, { query: filterQuery }, options)}
            />
          </Can>
        </Space>
      }
    >
      <Card className="bo-sales-filters" size="small">
        <SalesFilterBar
          value={view.filters}
          today={today}
          onChange={(patch) => setUrl({ ...salesFilterPatch(patch), pageNum: '1' })}
          onReset={resetUrl}
        >
          <SearchBox
            value={view.keyword}
            onSearch={(text) => setUrl({ keyword: text, pageNum: '1' })}
            placeholder={t('sales.filter.keyword')}
            testId="profit-keyword"
          />
          {view.dimension === 'sale_director' && (
            <DirectorPicker
              value={view.directorId}
              onChange={(id) => setUrl({ directorId: id === null ? '' : String(id), pageNum: '1' })}
            />
          )}
        </SalesFilterBar>
      </Card>

      <MissingCostsAlert key={JSON.stringify(filterQuery)} query={filterQuery} currency={currency} />

      <Card>
        <Tabs
          activeKey={view.dimension}
          onChange={(tab) => setUrl(tabPatch(tab as SalesDimension))}
          items={SALES_DIMENSIONS.map((d) => ({
            key: d,
            label: <span data-testid={`profit-tab-${d}`}>{t(`sales.dimension.${d}`)}</span>,
          }))}
          tabBarExtraContent={
            <Can permission="sales:profit:export">
              <ExportButton
                label={t('sales.export.table')}
                testId="profit-export"
                disabled={total === 0}
                fetchFile={(options) =>
                  download(
                    ep.salesProfitExcel,
                    { params: { dimension: view.dimension }, query: profitExportQuery(view) },
                    options,
                  )
                }
              />
            </Can>
          }
        />
        <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()} rows={10}>
          <ProfitTable
            view={view}
            page={list.data}
            loading={list.isFetching}
            filtered={filtered}
            onQueryChange={(patch) => setUrl(toUrlPatch(patch))}
          />
        </QueryStates>
      </Card>

      <OtherCostsDrawer
        open={costsOpen}
        onClose={() => setCostsOpen(false)}
        query={{ ...filterQuery, ...period }}
        currency={currency}
      />
    </Page>
  );
}
