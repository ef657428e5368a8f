import type { BomRow } from '@bo/contract/costs/boms';
import { Alert, Button, DatePicker, Descriptions, Drawer, Popconfirm, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../shared/Can';
import { QueryStates } from '../../../../shared/components/QueryStates';
import { useNotify } from '../../../../shared/components/use-notify';
import { localName, useLang } from '../../../../shared/i18n/lang';
import { formatCost, formatSignedCost } from '../../shared/costs-format';
import { useApplyBomCost, useBom } from '../bom.queries';

/** A SKU's bill of materials on a day, line by line, and applying its cost as the unit cost from a day. */
export function BomDetailDrawer({ row, day, onClose }: { row: BomRow | null; day: string; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const bom = useBom(row?.skuId ?? null, day);
  const apply = useApplyBomCost();
  const [from, setFrom] = useState<Dayjs>(dayjs(day));
  const d = bom.data;

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      width={820}
      title={row ? t('costs.bomcost.detailTitle', { sku: row.sku, day }) : ''}
      destroyOnHidden
      data-testid="bom-drawer"
    >
      <QueryStates pending={bom.isPending} error={bom.error} onRetry={() => void bom.refetch()} rows={4}>
        {d && (
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <Descriptions size="small" column={3} bordered>
              <Descriptions.Item label={t('costs.bomcost.labour')}>{formatCost(d.labour)}</Descriptions.Item>
              <Descriptions.Item label={t('costs.bomcost.overhead')}>{formatCost(d.overhead)}</Descriptions.Item>
              <Descriptions.Item label={t('costs.bomcost.bomCost')}>
                <span data-testid="bom-cost">{formatCost(d.bomCost)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('costs.bomcost.unitCost')}>{formatCost(d.unitCost)}</Descriptions.Item>
              <Descriptions.Item label={t('costs.bomcost.difference')}>{formatSignedCost(d.difference)}</Descriptions.Item>
            </Descriptions>
            {d.missing.length > 0 && (
              <Alert type="warning" showIcon message={t('costs.bomcost.incomplete', { list: d.missing.join(', ') })} />
            )}
            <Table
              size="small"
              rowKey="materialId"
              pagination={false}
              dataSource={d.lines}
              data-testid="bom-lines"
              columns={[
                { key: 'code', title: t('costs.mcost.code'), render: (_, l) => l.code },
                { key: 'name', title: t('costs.mcost.name'), render: (_, l) => localName(lang, l.name, l.nameEn) },
                { key: 'qty', title: t('costs.bomcost.quantity'), align: 'right', render: (_, l) => `${l.quantity} ${l.unit}` },
                {
                  key: 'price',
                  title: t('costs.bomcost.unitPrice'),
                  align: 'right',
                  render: (_, l) => (l.unitPrice === null ? '—' : `${formatCost(l.unitPrice)} ${l.currency}`),
                },
                { key: 'from', title: t('costs.mcost.priceFrom'), render: (_, l) => l.priceFrom ?? '—' },
                {
                  key: 'rate',
                  title: t('costs.bomcost.rate'),
                  align: 'right',
                  render: (_, l) => (l.rate === null ? '—' : String(l.rate)),
                },
                { key: 'line', title: t('costs.bomcost.lineCost'), align: 'right', render: (_, l) => formatCost(l.lineCost) },
              ]}
            />
            <Can permission="product:cost:edit">
              <div>
                <Typography.Title level={5}>{t('costs.bomcost.apply')}</Typography.Title>
                <Alert type="info" showIcon message={t('costs.bomcost.applyHint')} style={{ marginBottom: 12 }} />
                <Space wrap>
                  <Typography.Text>{t('costs.from')}</Typography.Text>
                  <DatePicker value={from} allowClear={false} onChange={(v) => v && setFrom(v)} data-testid="bom-apply-from" />
                  <Popconfirm
                    title={t('costs.bomcost.applyTitle', { sku: row?.sku ?? '', day: from.format('YYYY-MM-DD') })}
                    onConfirm={() =>
                      row &&
                      apply.mutate(
                        { skuId: row.skuId, effectiveFrom: from.format('YYYY-MM-DD') },
                        {
                          onSuccess: (r) =>
                            notify.success(
                              t('costs.bomcost.applied', { cost: formatCost(r.unitCost), facts: r.recomputed.facts }),
                            ),
                          onError: (err) => notify.error((err as Error).message),
                        },
                      )
                    }
                  >
                    <Button type="primary" loading={apply.isPending} data-testid="bom-apply">
                      {t('costs.bomcost.apply')}
                    </Button>
                  </Popconfirm>
                </Space>
              </div>
            </Can>
          </Space>
        )}
      </QueryStates>
    </Drawer>
  );
}
