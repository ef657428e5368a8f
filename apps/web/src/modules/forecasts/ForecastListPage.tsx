import * as est from '@bo/contract/forecasts/estimates';
import { LABEL_TYPES, type LabelType, listExclusions } from '@bo/contract/forecasts/forecast-settings';
import type { ForecastRow } from '@bo/contract/forecasts/forecasts';
import * as ep from '@bo/contract/forecasts/forecasts';
import { FORECAST_METHODS } from '@bo/contract/forecasts/forecasts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Radio, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can } from '../../shared/Can';
import { ExportButton } from '../../shared/components/ExportButton';
import { SkuCell } from '../../shared/components/SkuCell';
import { useNotify } from '../../shared/components/use-notify';
import { call } from '../../shared/http/http-client';
import { EditDrawer, type Editor } from '../../shared/kit/EditDrawer';
import type { KitColumn } from '../../shared/kit/ListPage';
import { ListPage } from '../../shared/kit/ListPage';
import { useKitList } from '../../shared/kit/use-list-query';
import { shopLabel } from '../../shared/markets/markets';
import { actionsColumn } from '../../shared/table/FitTable';
import { ForecastDrawer } from './components/ForecastDrawer';
import { formatShare, formatUnits } from './components/forecast-format';
import { keywordFilter, shopMarketFilters } from './components/list-parts';
import { RefreshButton, RefreshStatus } from './components/RefreshPanel';
import { exportForecasts, forecastKeys, settingsKeys, useSetLabel, useSubmitEstimate } from './forecasts.queries';

const LABEL_COLORS = { new: 'green', promo: 'orange', eol: 'default', watch: 'blue' } as const;

/** A planner's label on the row, changed in place (the click does not open the row). */
function LabelCell({ r }: { r: ForecastRow }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const set = useSetLabel();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keeps the row's click from opening the drawer.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the select inside takes the keys.
    <span onClick={(e) => e.stopPropagation()} title={r.labelValue ?? undefined}>
      <Select<LabelType | ''>
        size="small"
        variant="borderless"
        style={{ width: 110 }}
        value={r.labelType ?? ''}
        loading={set.isPending}
        onChange={(type) => set.mutateAsync({ id: r.listingId, type: type === '' ? null : type }).catch(notify.failure)}
        options={[
          { value: '', label: <Typography.Text type="secondary">{t('forecasts.label.none')}</Typography.Text> },
          ...LABEL_TYPES.map((k) => ({ value: k, label: <Tag color={LABEL_COLORS[k]}>{t(`forecasts.label.${k}`)}</Tag> })),
        ]}
        data-testid={`forecast-label-${r.listingId}`}
      />
    </span>
  );
}

/** How many listings the settings leave out: they have no row here, so the list says so. */
function ExcludedNote() {
  const { t } = useTranslation();
  const excluded = useQuery({
    queryKey: [...settingsKeys.exclusions, 'count'],
    queryFn: ({ signal }) => call(listExclusions, { query: { pageNum: 1, pageSize: 1 } }, { signal }),
  });
  const n = excluded.data?.total ?? 0;
  if (n === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="forecast-excluded-note"
      title={
        <>
          {t('forecasts.settings.excludedNote', { count: n })}{' '}
          <Link to="/forecast/advanceConfig">{t('forecasts.settings.manage')}</Link>
        </>
      }
    />
  );
}

interface EstimateValues {
  granularity: est.EstimateGranularity;
  periods: number[];
  reason: string;
}

/** Tags typed as units: whole numbers of zero or more only. */
const unitsOf = (v: unknown) => (Array.isArray(v) ? v : []).map((x) => Number(x)).filter((n) => Number.isInteger(n) && n >= 0);

/** /forecast/index (and /forecast): the stored forecast per listing; a row opens its history against the forecast. */
export default function ForecastListPage() {
  const { t } = useTranslation();
  const list = useKitList(ep.listForecasts, forecastKeys.list);
  const { query } = list;
  const [open, setOpen] = useState<ForecastRow | null>(null);
  const [estimating, setEstimating] = useState<Editor<ForecastRow> | null>(null);
  const submitEstimate = useSubmitEstimate();
  const num = (key: 'next7' | 'next30' | 'next90', width = 100): KitColumn<ForecastRow> => ({
    key,
    sortable: true,
    width,
    align: 'right',
    title: t(`forecasts.column.${key}`),
    render: (_, r) => formatUnits(r[key]),
  });
  return (
    <>
      <ListPage
        testId="page-forecasts"
        texts="forecasts.list"
        list={list}
        above={
          <>
            <RefreshStatus />
            <ExcludedNote />
          </>
        }
        filters={[
          keywordFilter(t('forecasts.search'), 'forecast-search'),
          ...shopMarketFilters(t, 'forecast'),
          {
            kind: 'productLine',
            key: 'productLineId',
            placeholder: t('forecasts.allLines'),
            width: 170,
            testId: 'forecast-line',
          },
          {
            kind: 'select',
            key: 'method',
            placeholder: t('forecasts.allMethods'),
            width: 150,
            options: FORECAST_METHODS.map((m) => ({ value: m, label: t(`forecasts.method.${m}`) })),
            testId: 'forecast-method',
          },
        ]}
        toolbar={
          <>
            <RefreshButton />
            <Can permission="scm:forecast:manage:export">
              <ExportButton label={t('forecasts.export')} fetchFile={(o) => exportForecasts(query, o)} testId="forecast-export" />
            </Can>
          </>
        }
        columns={[
          {
            key: 'sku',
            sortable: true,
            priority: 'key',
            width: 230,
            title: t('forecasts.column.sku'),
            render: (_, r) => <SkuCell r={r} testId={`forecast-sku-${r.listingId}`} />,
          },
          {
            key: 'shopName',
            sortable: true,
            priority: 'key',
            width: 150,
            title: t('forecasts.column.shop'),
            render: (_, r) => shopLabel(r.shopName, r.marketId),
          },
          {
            key: 'units30',
            sortable: true,
            width: 110,
            align: 'right',
            title: t('forecasts.column.units30'),
            render: (_, r) => formatUnits(r.units30),
          },
          num('next7'),
          { ...num('next30', 110), priority: 'key' },
          num('next90'),
          {
            key: 'wape',
            sortable: true,
            width: 150,
            align: 'right',
            title: t('forecasts.column.wape'),
            render: (_, r) => (
              <span title={t('forecasts.detail.wapeVsNaive', { wape: formatShare(r.wape), naive: formatShare(r.naiveWape) })}>
                {formatShare(r.wape)}{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  / {formatShare(r.naiveWape)}
                </Typography.Text>
              </span>
            ),
          },
          { key: 'label', width: 130, title: t('forecasts.label.title'), render: (_, r) => <LabelCell r={r} /> },
          {
            key: 'method',
            priority: 'detail',
            width: 110,
            title: t('forecasts.column.method'),
            render: (_, r) => <Tag color={r.method === 'launch' ? 'purple' : 'default'}>{t(`forecasts.method.${r.method}`)}</Tag>,
          },
          actionsColumn<ForecastRow>(t, 100, (_, r) => (
            <Button
              type="link"
              size="small"
              onClick={(e) => {
                e.stopPropagation();
                setEstimating({ mode: 'create', record: r });
              }}
              data-testid={`forecast-estimate-${r.listingId}`}
            >
              {t('forecasts.estimate.action')}
            </Button>
          )),
        ]}
        tableId="forecasts.list"
        rowKey="listingId"
        tableTestId="forecast-table"
        tableProps={{ onRow: (r) => ({ onClick: () => setOpen(r), style: { cursor: 'pointer' } }) }}
        emptyText={t('forecasts.list.empty')}
      />
      <ForecastDrawer row={open} onClose={() => setOpen(null)} />
      <EditDrawer<ForecastRow, EstimateValues, unknown>
        editor={estimating}
        onClose={() => setEstimating(null)}
        title={(e) => t('forecasts.estimate.title', { sku: e.record?.sku ?? '' })}
        schema={est.submitEstimate.body}
        fields={[
          {
            name: 'granularity',
            label: t('forecasts.estimate.granularity'),
            input: (
              <Radio.Group
                options={est.ESTIMATE_GRANULARITIES.map((g) => ({ value: g, label: t(`forecasts.estimate.${g}`) }))}
                data-testid="estimate-granularity"
              />
            ),
          },
          {
            name: 'periods',
            label: t('forecasts.estimate.periods'),
            extra: t('forecasts.estimate.periodsHint'),
            input: <Select mode="tags" tokenSeparators={[',', ' ']} open={false} data-testid="estimate-periods" />,
            normalize: unitsOf,
          },
          { name: 'reason', label: t('forecasts.estimate.reason'), input: 'textarea', testId: 'estimate-reason' },
        ]}
        initialValues={() => ({ granularity: 'week', periods: [], reason: '' })}
        onSubmit={(v, e) =>
          submitEstimate.mutateAsync({
            listingId: e.record?.listingId ?? 0,
            granularity: v.granularity,
            periods: unitsOf(v.periods),
            reason: v.reason.trim(),
          })
        }
        savedText={() => t('forecasts.estimate.submitted')}
        conflict={() => ({ field: 'periods', text: t('forecasts.estimate.open') })}
        testId="estimate-form"
        saveTestId="estimate-save"
      />
    </>
  );
}
