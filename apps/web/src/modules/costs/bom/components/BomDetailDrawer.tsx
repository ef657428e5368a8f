import { HistoryOutlined } from '@ant-design/icons';
import type { BomRow } from '@bo/contract/costs/boms';
import { Alert, Button, DatePicker, Popconfirm, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Can } from '../../../../shared/Can';
import { useNotify } from '../../../../shared/components/use-notify';
import { localName, useTexts } from '../../../../shared/i18n/lang';
import { DetailDrawer } from '../../../../shared/kit/DetailDrawer';
import { HistoryDrawer } from '../../../../shared/kit/HistoryDrawer';
import { FitTable } from '../../../../shared/table/FitTable';
import { formatCost, formatSignedCost } from '../../shared/costs-format';
import { useApplyBomCost, useBom } from '../bom.queries';

/** A SKU's bill of materials on a day, line by line, its history, and applying its cost as the unit cost from a day. */
export function BomDetailDrawer({ row, day, onClose }: { row: BomRow | null; day: string; onClose: () => void }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const bom = useBom(row?.skuId ?? null, day);
  const apply = useApplyBomCost();
  const [from, setFrom] = useState<Dayjs>(dayjs(day));
  const [history, setHistory] = useState<number | null>(null);

  const applyCost = (skuId: number) =>
    apply.mutate(
      { skuId, effectiveFrom: from.format('YYYY-MM-DD') },
      {
        onSuccess: (r) => notify.success(t('costs.bomcost.applied', { cost: formatCost(r.unitCost), facts: r.recomputed.facts })),
        onError: notify.failure,
      },
    );

  return (
    <>
      <DetailDrawer
        open={row !== null}
        onClose={onClose}
        title={row ? t('costs.bomcost.detailTitle', { sku: row.sku, day }) : ''}
        testId="bom-drawer"
        query={bom}
        extra={
          row && (
            <Button icon={<HistoryOutlined />} onClick={() => setHistory(row.skuId)} data-testid="bom-history">
              {t('kit.history.open')}
            </Button>
          )
        }
        fields={[
          { key: 'labour', label: t('costs.bomcost.labour'), render: (d) => formatCost(d.labour) },
          { key: 'overhead', label: t('costs.bomcost.overhead'), render: (d) => formatCost(d.overhead) },
          { key: 'bomCost', label: t('costs.bomcost.bomCost'), render: (d) => formatCost(d.bomCost), testId: 'bom-cost' },
          { key: 'unitCost', label: t('costs.bomcost.unitCost'), render: (d) => formatCost(d.unitCost) },
          { key: 'difference', label: t('costs.bomcost.difference'), render: (d) => formatSignedCost(d.difference) },
        ]}
      >
        {(d) => (
          <>
            {d.missing.length > 0 && (
              <Alert type="warning" showIcon title={t('costs.bomcost.incomplete', { list: d.missing.join(', ') })} />
            )}
            {/* In the 820 px drawer: the material, quantity, unit price and line cost always show; the rest when room allows. */}
            <FitTable
              tableId="costs.bom.lines"
              size="small"
              rowKey="materialId"
              pagination={false}
              dataSource={d.lines}
              data-testid="bom-lines"
              columns={[
                {
                  key: 'code',
                  title: t('costs.mcost.code'),
                  priority: 'key',
                  width: 110,
                  ellipsis: true,
                  render: (_, l) => l.code,
                },
                {
                  key: 'name',
                  title: t('costs.mcost.name'),
                  priority: 'key',
                  width: 170,
                  ellipsis: true,
                  render: (_, l) => localName(lang, l.name, l.nameEn),
                },
                {
                  key: 'qty',
                  title: t('costs.bomcost.quantity'),
                  priority: 'key',
                  width: 90,
                  align: 'right',
                  render: (_, l) => `${l.quantity} ${l.unit}`,
                },
                {
                  key: 'price',
                  title: t('costs.bomcost.unitPrice'),
                  priority: 'key',
                  width: 120,
                  align: 'right',
                  render: (_, l) => (l.unitPrice === null ? '—' : `${formatCost(l.unitPrice)} ${l.currency}`),
                },
                { key: 'from', title: t('costs.mcost.priceFrom'), width: 110, render: (_, l) => l.priceFrom ?? '—' },
                {
                  key: 'rate',
                  title: t('costs.bomcost.rate'),
                  width: 80,
                  align: 'right',
                  render: (_, l) => (l.rate === null ? '—' : String(l.rate)),
                },
                {
                  key: 'line',
                  title: t('costs.bomcost.lineCost'),
                  priority: 'key',
                  width: 110,
                  align: 'right',
                  render: (_, l) => formatCost(l.lineCost),
                },
              ]}
            />
            <Can permission="product:cost:edit">
              <div>
                <Typography.Title level={5}>{t('costs.bomcost.apply')}</Typography.Title>
                <Alert type="info" showIcon title={t('costs.bomcost.applyHint')} style={{ marginBottom: 12 }} />
                <Space wrap>
                  <Typography.Text>{t('costs.from')}</Typography.Text>
                  <DatePicker value={from} allowClear={false} onChange={(v) => v && setFrom(v)} data-testid="bom-apply-from" />
                  <Popconfirm
                    title={t('costs.bomcost.applyTitle', { sku: d.sku, day: from.format('YYYY-MM-DD') })}
                    onConfirm={() => applyCost(d.skuId)}
                  >
                    <Button type="primary" loading={apply.isPending} data-testid="bom-apply">
                      {t('costs.bomcost.apply')}
                    </Button>
                  </Popconfirm>
                </Space>
              </div>
            </Can>
          </>
        )}
      </DetailDrawer>
      <HistoryDrawer
        entity="bom"
        entityId={history}
        name={row?.sku ?? ''}
        onClose={() => setHistory(null)}
        fieldLabels={{
          labour: t('costs.bomcost.labour'),
          overhead: t('costs.bomcost.overhead'),
          items: t('costs.bomcost.items'),
        }}
      />
    </>
  );
}
