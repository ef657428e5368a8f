/** A sales or order report's own facts in its preview, and what its commit changed per day. */
import { Alert, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime, formatInteger } from '../../../shared/format';
import type { ImportPreview } from '../../../shared/kit/import-wizard';
import { FitTable } from '../../../shared/table/FitTable';

export function SalesImportDetails({ data }: { data: ImportPreview }) {
  const { t } = useTranslation();
  const rates = Object.entries(data.rateSnapshot);
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label={t('imports.column.period')}>
        {data.periodStart ? `${data.periodStart} – ${data.periodEnd}` : t('imports.fromFile')}
      </Descriptions.Item>
      <Descriptions.Item label={t('imports.currency')}>{data.currency ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('imports.timeZone')}>{data.timeZone ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('imports.rates')}>
        {rates
          .slice(0, 3)
          .map(([d, r]) => `${d}: ${r}`)
          .join(', ') || '—'}
        {rates.length > 3 ? ' …' : ''}
      </Descriptions.Item>
      <Descriptions.Item label={t('imports.hash')}>
        <Typography.Text code copyable={{ text: data.fileHash }}>
          {data.fileHash.slice(0, 12)}
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

export function CommitResult({ data }: { data: ImportPreview }) {
  const { t } = useTranslation();
  const r = data.result;
  if (!r) return null;
  return (
    <Alert
      type="success"
      showIcon
      title={t('imports.resultTitle', { at: data.committedAt ? formatDateTime(data.committedAt) : '' })}
      description={
        <Space orientation="vertical" style={{ width: '100%' }}>
          <span>
            {t('imports.resultCounts', {
              inserted: r.inserted,
              updated: r.updated,
              unchanged: r.unchanged,
              zeroed: r.zeroed,
              totals: r.periodTotals,
            })}
          </span>
          {r.changes.length > 0 ? (
            // Before and after per day, exact: a compact figure would hide a change of cents.
            <FitTable<(typeof r.changes)[number]>
              tableId="imports.commitChanges"
              data-testid="import-commit-changes"
              size="small"
              rowKey="day"
              pagination={false}
              dataSource={r.changes}
              columns={[
                { key: 'day', title: t('imports.day'), priority: 'key', dataIndex: 'day', width: 120 },
                {
                  key: 'units',
                  title: t('imports.units'),
                  priority: 'key',
                  width: 160,
                  render: (_, c) => `${formatInteger(c.unitsBefore)} → ${formatInteger(c.unitsAfter)}`,
                },
                {
                  key: 'revenue',
                  title: t('imports.revenue', { currency: data.currency ?? '' }),
                  priority: 'key',
                  width: 240,
                  render: (_, c) => `${formatAmount(c.revenueBefore)} → ${formatAmount(c.revenueAfter)}`,
                },
              ]}
            />
          ) : (
            <span>{t('imports.noChanges')}</span>
          )}
        </Space>
      }
    />
  );
}
