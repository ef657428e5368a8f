import type { AccuracyRow } from '@bo/contract/forecasts/accuracy';
import * as acc from '@bo/contract/forecasts/accuracy';
import { BACKTEST_HORIZON, BACKTEST_ORIGINS } from '@bo/contract/forecasts/forecasts';
import { useSearchParams } from 'react-router';
import { Can } from '../../shared/Can';
import { ExportButton } from '../../shared/components/ExportButton';
import { formatThousands } from '../../shared/format';
import { useTexts } from '../../shared/i18n/lang';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { useKitList } from '../../shared/kit/use-list-query';
import { MarketTag } from '../../shared/markets/MarketTag';
import { marketName, marketOf, shopLabel } from '../../shared/markets/markets';
import { AccuracySummary } from './components/AccuracySummary';
import { BiasText, GainText } from './components/accuracy-cells';
import { formatShare } from './components/forecast-format';
import { keywordFilter, shopMarketFilters } from './components/list-parts';
import { OverrideAccuracyPanel } from './components/OverrideAccuracyPanel';
import { accuracyKeys, exportAccuracy } from './forecasts.queries';

const TABS = ['backtest', 'overrides'] as const;

/** /forecastAccuracy: the last backtest grouped by SKU, marketplace or shop against seasonal naive; the overrides' accuracy in a tab. */
export default function ForecastAccuracyPage() {
  const { t, lang } = useTexts();
  const list = useKitList(acc.listAccuracy, accuracyKeys.rows);
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as string) : 'backtest';
  const by = list.query.by;
  const { shopId, marketId, keyword, horizon } = list.query;

  const groupTitle = t(`forecastAccuracy.column.${by}`);
  const columns: KitColumn<AccuracyRow>[] = [
    {
      key: 'key',
      priority: 'key',
      sortable: true,
      width: 200,
      title: groupTitle,
      render: (_, r) => {
        if (by === 'market' && r.marketId !== null) {
          const market = marketOf(r.marketId);
          return (
            <>
              <MarketTag marketId={r.marketId} />
              {market ? marketName(market, lang) : null}
            </>
          );
        }
        if (by === 'shop') return shopLabel(r.label, r.marketId);
        return <span data-testid={`accuracy-key-${r.key}`}>{r.label}</span>;
      },
    },
    {
      key: 'listings',
      width: 90,
      align: 'right',
      priority: 'detail',
      title: t('forecastAccuracy.column.listings'),
      render: (_, r) => r.listings,
    },
    {
      key: 'actual',
      sortable: true,
      width: 110,
      align: 'right',
      title: t('forecastAccuracy.column.units'),
      render: (_, r) => formatThousands(r.actual),
    },
    {
      key: 'wape',
      sortable: true,
      priority: 'key',
      width: 100,
      align: 'right',
      title: t('forecastAccuracy.column.wape'),
      render: (_, r) => formatShare(r.wape),
    },
    {
      key: 'naiveWape',
      sortable: true,
      width: 150,
      align: 'right',
      title: t('forecastAccuracy.column.naiveWape'),
      render: (_, r) => formatShare(r.naiveWape),
    },
    {
      key: 'gain',
      sortable: true,
      priority: 'key',
      width: 100,
      align: 'right',
      title: <span title={t('forecastAccuracy.gainHint')}>{t('forecastAccuracy.column.gain')}</span>,
      render: (_, r) => <GainText value={r.gain} testId={`accuracy-gain-${r.key}`} />,
    },
    {
      key: 'bias',
      sortable: true,
      width: 100,
      align: 'right',
      title: <span title={t('forecastAccuracy.biasHint')}>{t('forecastAccuracy.column.bias')}</span>,
      render: (_, r) => <BiasText value={r.bias} />,
    },
    {
      key: 'days',
      sortable: true,
      width: 100,
      align: 'right',
      title: t('forecastAccuracy.column.days'),
      render: (_, r) => formatThousands(r.days),
    },
  ];

  return (
    <ListPage
      testId="page-forecast-accuracy"
      title={t('forecastAccuracy.title')}
      subtitle={t('forecastAccuracy.subtitle', { origins: BACKTEST_ORIGINS, days: BACKTEST_HORIZON })}
      list={list}
      above={tab === 'backtest' ? <AccuracySummary query={{ shopId, marketId, keyword, horizon }} /> : null}
      tabs={{
        activeKey: tab,
        // The tabs' lists read the same filter keys: a tab starts without the other's filters.
        onChange: (next) => setParams({ tab: next }, { replace: true }),
        listKey: 'backtest',
        items: [
          { key: 'backtest', label: <span data-testid="tab-backtest">{t('forecastAccuracy.tabBacktest')}</span> },
          {
            key: 'overrides',
            label: <span data-testid="tab-overrides">{t('forecastAccuracy.tabOverrides')}</span>,
            children: <OverrideAccuracyPanel />,
          },
        ],
      }}
      filters={[
        {
          kind: 'segmented',
          key: 'by',
          options: acc.ACCURACY_DIMENSIONS.map((d) => ({ value: d, label: t(`forecastAccuracy.by.${d}`) })),
          testId: 'accuracy-by',
        },
        {
          kind: 'select',
          key: 'horizon',
          placeholder: t('forecastAccuracy.allHorizons'),
          width: 130,
          options: acc.ACCURACY_BUCKET_KEYS.map((b) => ({ value: b, label: t(`forecastAccuracy.horizon.${b}`) })),
          testId: 'accuracy-horizon',
        },
        keywordFilter(t('forecastAccuracy.search'), 'accuracy-search', 200),
        ...shopMarketFilters(t, 'accuracy', 150),
      ]}
      toolbar={
        <Can permission="scm:forecast:accuracy:export">
          <ExportButton
            label={t('forecastAccuracy.export')}
            fetchFile={(o) => exportAccuracy(list.query, o)}
            testId="accuracy-export"
          />
        </Can>
      }
      columns={columns}
      tableId={`forecasts.accuracy.${by}`}
      rowKey="key"
      tableTestId="accuracy-table"
      emptyText={t('forecastAccuracy.empty')}
    />
  );
}
