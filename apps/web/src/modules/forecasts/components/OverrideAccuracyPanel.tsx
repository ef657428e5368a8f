import type { OverrideRow } from '@bo/contract/forecasts/accuracy';
import * as acc from '@bo/contract/forecasts/accuracy';
import { Alert, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatThousands } from '../../../shared/format';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import type { forecastAccuracyZhCN } from '../accuracy.locale';
import { accuracyKeys } from '../forecasts.queries';
import { GainText } from './accuracy-cells';
import { formatShare } from './forecast-format';
import { shopMarketFilters } from './list-parts';

/** The "Overrides" tab of /forecastAccuracy: per planner or approver, their approved estimates against the system forecast. */
export function OverrideAccuracyPanel() {
  const { t } = useTranslation();
  const list = useKitList(acc.listOverrideAccuracy, accuracyKeys.overrides);
  const c = (key: keyof typeof forecastAccuracyZhCN.overrides.column) => t(`forecastAccuracy.overrides.column.${key}` as const);
  const columns: KitColumn<OverrideRow>[] = [
    {
      key: 'userName',
      priority: 'key',
      sortable: true,
      width: 160,
      title: c('user'),
      render: (_, r) => <Typography.Text strong>{r.userName}</Typography.Text>,
    },
    {
      key: 'estimates',
      sortable: true,
      width: 110,
      align: 'right',
      title: c('estimates'),
      render: (_, r) => `${r.estimates} (${c('compared')} ${r.compared})`,
    },
    { key: 'actual', sortable: true, width: 110, align: 'right', title: c('units'), render: (_, r) => formatThousands(r.actual) },
    {
      key: 'estimateUnits',
      priority: 'detail',
      width: 110,
      align: 'right',
      title: c('estimateUnits'),
      render: (_, r) => formatThousands(r.estimateUnits),
    },
    {
      key: 'systemUnits',
      priority: 'detail',
      width: 120,
      align: 'right',
      title: c('systemUnits'),
      render: (_, r) => formatThousands(r.systemUnits),
    },
    {
      key: 'wape',
      sortable: true,
      priority: 'key',
      width: 120,
      align: 'right',
      title: c('wape'),
      render: (_, r) => formatShare(r.wape),
    },
    {
      key: 'systemWape',
      sortable: true,
      width: 120,
      align: 'right',
      title: c('systemWape'),
      render: (_, r) => formatShare(r.systemWape),
    },
    { key: 'gain', sortable: true, width: 110, align: 'right', title: c('gain'), render: (_, r) => <GainText value={r.gain} /> },
    {
      key: 'helped',
      priority: 'key',
      width: 130,
      title: c('helped'),
      render: (_, r) =>
        r.helped === null ? (
          <Tag data-testid={`override-helped-${r.userId}`}>{t('forecastAccuracy.overrides.noCompare')}</Tag>
        ) : (
          <Tag color={r.helped ? 'green' : 'red'} data-testid={`override-helped-${r.userId}`}>
            {r.helped ? t('forecastAccuracy.overrides.helped') : t('forecastAccuracy.overrides.notHelped')}
          </Tag>
        ),
    },
    {
      key: 'uncompared',
      width: 200,
      title: c('uncompared'),
      render: (_, r) =>
        r.estimates > r.compared
          ? t('forecastAccuracy.overrides.uncompared', {
              units: formatThousands(r.uncomparedActual),
              wape: formatShare(r.uncomparedWape),
            })
          : '—',
    },
  ];
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('forecastAccuracy.overrides.note')} />
      <ListPage
        bare
        testId="override-accuracy"
        title={t('forecastAccuracy.tabOverrides')}
        list={list}
        filters={[
          {
            kind: 'segmented',
            key: 'role',
            options: acc.OVERRIDE_ROLES.map((r) => ({ value: r, label: t(`forecastAccuracy.overrides.role.${r}`) })),
            testId: 'override-role',
          },
          ...shopMarketFilters(t, 'override'),
        ]}
        columns={columns}
        tableId="forecasts.accuracy.overrides"
        rowKey="userId"
        tableTestId="override-accuracy-table"
        emptyText={t('forecastAccuracy.overrides.empty')}
      />
    </>
  );
}
