import type { ServiceLevel } from '@bo/contract/inventory/replenish';
import { SERVICE_LEVELS } from '@bo/contract/inventory/replenish';
import * as ep from '@bo/contract/supplyboards/forecast';
import { FORECAST_WEEKS, type ForecastRow } from '@bo/contract/supplyboards/forecast';
import { Select, Space, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { Can } from '../../shared/Can';
import { ExportButton } from '../../shared/components/ExportButton';
import { formatThousands } from '../../shared/format';
import { useTexts } from '../../shared/i18n/lang';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { useKitList, useListRows } from '../../shared/kit/use-list-query';
import { shopLabel } from '../../shared/markets/markets';
import { boardFilters, numberFilter } from '../inventory/components/stock-columns';
import { ForecastChart } from './components/ForecastChart';
import { exportForecast, supplyBoardKeys } from './supplyboards.queries';

/**
 * /shipmentForcast: per SKU × marketplace the units to ship in each of the next 12 weeks (the replenishment advice
 * run forward, EOL left out), the totals per week by marketplace as a chart; paged and sorted on the server; the
 * export streams the same query.
 */
export default function ShipmentForecastPage() {
  const { t } = useTexts();
  const list = useKitList(ep.listShipmentForecast, supplyBoardKeys.forecast);
  // The list's own query (same key): the chart reads its totals and week starts.
  const rows = useListRows(ep.listShipmentForecast, list, supplyBoardKeys.forecast);
  const fallback = Array.from({ length: FORECAST_WEEKS }, (_, w) =>
    dayjs()
      .add(7 * w + 1, 'day')
      .format('YYYY-MM-DD'),
  );
  const starts = rows.data?.weekStarts ?? fallback;

  const columns: KitColumn<ForecastRow>[] = [
    {
      key: 'sku',
      sortable: true,
      priority: 'key',
      width: 200,
      title: 'SKU',
      render: (_, r) => (
        <>
          <Typography.Text strong data-testid={`forecast-sku-${r.listingId}`}>
            {r.sku}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[r.asin, r.model].filter(Boolean).join(' · ')}
            </Typography.Text>
          </div>
        </>
      ),
    },
    {
      key: 'shopName',
      sortable: true,
      priority: 'key',
      width: 140,
      title: t('supplyBoards.column.shop'),
      render: (_, r) => shopLabel(r.shopName, r.marketId),
    },
    {
      key: 'unitsPerCarton',
      width: 80,
      align: 'right',
      priority: 'detail',
      title: t('supplyBoards.forecast.carton'),
      render: (_, r) => r.unitsPerCarton,
    },
    ...starts.map(
      (day, w): KitColumn<ForecastRow> => ({
        key: `w${w}`,
        width: 76,
        align: 'right',
        priority: w < 4 ? 'key' : 'normal',
        title: <Tooltip title={t('supplyBoards.forecast.weekOf', { day })}>{day.slice(5)}</Tooltip>,
        label: t('supplyBoards.forecast.weekOf', { day }),
        render: (_, r) =>
          r.weeks[w] ? (
            <span data-testid={`forecast-${r.listingId}-w${w}`}>
              {formatThousands(r.weeks[w])}
              {r.modes[w] === 'air' ? <Typography.Text type="danger"> {t('supplyBoards.forecast.air')}</Typography.Text> : null}
            </span>
          ) : (
            <Typography.Text type="secondary">-</Typography.Text>
          ),
      }),
    ),
    {
      key: 'total',
      sortable: true,
      priority: 'key',
      width: 110,
      align: 'right',
      title: t('supplyBoards.forecast.total'),
      render: (_, r) => `${formatThousands(r.total)} · ${r.cartons}`,
    },
    {
      key: 'firstWeek',
      sortable: true,
      width: 100,
      title: t('supplyBoards.forecast.firstWeek'),
      render: (_, r) => (r.firstWeek === null ? '-' : (starts[r.firstWeek] ?? '-')),
    },
  ];

  return (
    <ListPage
      testId="page-shipment-forecast"
      texts="supplyBoards.forecast"
      list={list}
      filters={[
        ...boardFilters(t),
        {
          kind: 'custom',
          key: 'serviceLevel',
          render: (value, onChange) => (
            <Space size={4}>
              <Typography.Text type="secondary">{t('replenish.serviceLevel')}</Typography.Text>
              <Select
                value={value as ServiceLevel}
                onChange={onChange}
                style={{ width: 84 }}
                data-testid="forecast-service-level"
                options={SERVICE_LEVELS.map((s) => ({ value: s, label: `${Number(s) * 100}%` }))}
              />
            </Space>
          ),
        },
        numberFilter('moq', { label: t('replenish.moq'), min: 0, max: 100_000, width: 80, testId: 'forecast-moq' }),
        numberFilter('unitsPerCarton', {
          label: t('replenish.carton'),
          min: 1,
          max: 10_000,
          width: 80,
          testId: 'forecast-unitsPerCarton',
        }),
        {
          kind: 'segmented',
          key: 'all',
          options: [
            { value: 'false', label: t('supplyBoards.forecast.due') },
            { value: 'true', label: t('supplyBoards.forecast.all') },
          ],
          testId: 'forecast-all',
        },
      ]}
      toolbar={
        <Can permission="scm:shipment:forecast:export">
          <ExportButton
            label={t('supplyBoards.forecast.export')}
            fetchFile={(o) => exportForecast(list.query, o)}
            testId="forecast-export"
          />
        </Can>
      }
      above={
        <>
          <ForecastChart data={rows.data} />
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t('supplyBoards.forecast.method')}
          </Typography.Paragraph>
        </>
      }
      columns={columns}
      tableId="supplyBoards.forecast"
      rowKey="listingId"
      tableTestId="forecast-table"
      emptyText={t('supplyBoards.forecast.empty')}
    />
  );
}
