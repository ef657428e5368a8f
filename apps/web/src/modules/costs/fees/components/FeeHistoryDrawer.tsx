import type { SkuFeeRow } from '@bo/contract/costs/fees';
import { fbaFeeInput } from '@bo/contract/costs/fees';
import { decimal } from '@bo/contract/costs/shared';
import { Drawer, Form, InputNumber } from 'antd';
import { formatAmount } from '../../../../shared/format';
import { zodRule } from '../../../../shared/forms/form-rules';
import { useTexts } from '../../../../shared/i18n/lang';
import { formatRate } from '../../shared/costs-format';
import { DatedValues } from '../../shared/DatedValues';
import { useDeleteFee, useFeeHistory, useSetFee } from '../../unit-costs/unit-costs.queries';
import { marketLabel } from '../FeesTab';

/** The referral rate as typed: a percentage with at most two decimals (stored as a ratio with four). */
const PERCENT = decimal(2, 0, 100);

interface Values {
  /** Entered as a percentage. */
  referralPercent: number;
  fbaFee: number;
}

interface FeeEntry {
  effectiveFrom: string;
  effectiveTo: string | null;
  referralRate: number;
  fbaFee: number;
}

/** A SKU's fee history in one marketplace: entries, a new entry, deleting one. */
export function FeeHistoryDrawer({ row, onClose }: { row: SkuFeeRow | null; onClose: () => void }) {
  const { t, lang } = useTexts();
  const history = useFeeHistory(row ? { skuId: row.skuId, marketId: row.marketId } : null);
  const setFee = useSetFee();
  const remove = useDeleteFee();

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      width={680}
      title={row ? t('costs.productCost.feeHistoryTitle', { sku: row.sku, market: marketLabel(row.marketId, lang) }) : ''}
      destroyOnHidden
      data-testid="fee-history-drawer"
    >
      {row && (
        <DatedValues<FeeEntry, Values>
          query={history}
          entries={history.data?.entries}
          title={t('costs.setNewFee')}
          hint={t('costs.recomputeHint')}
          editPermission="product:cost:edit"
          deletePermission="product:cost:delete"
          fields={
            <>
              <Form.Item
                required
                name="referralPercent"
                label={`${t('costs.column.referralRate')} (%)`}
                rules={[zodRule(PERCENT, lang)]}
              >
                <InputNumber min={0} max={100} step={0.5} style={{ width: 110 }} />
              </Form.Item>
              <Form.Item
                required
                name="fbaFee"
                label={`${t('costs.column.fbaFee')} (${row.currency})`}
                rules={[zodRule(fbaFeeInput, lang)]}
              >
                <InputNumber min={0} step={0.1} style={{ width: 110 }} />
              </Form.Item>
            </>
          }
          fieldNames={['referralPercent', 'fbaFee']}
          onSave={async (v, effectiveFrom) => {
            const r = await setFee.mutateAsync({
              skuId: row.skuId,
              marketId: row.marketId,
              effectiveFrom,
              referralRate: Math.round(v.referralPercent * 100) / 10_000,
              fbaFee: v.fbaFee,
            });
            return r.recomputed.facts > 0 ? t('costs.saved', { facts: r.recomputed.facts }) : t('costs.savedNoFacts');
          }}
          saving={setFee.isPending}
          saveText={t('costs.save')}
          tableId="costs.fees.history"
          tableTestId="fee-history"
          valueColumns={[
            {
              key: 'rate',
              title: t('costs.column.referralRate'),
              priority: 'key',
              width: 120,
              align: 'right',
              render: (_, e) => formatRate(e.referralRate),
            },
            {
              key: 'fba',
              title: t('costs.column.fbaFee'),
              priority: 'key',
              width: 130,
              align: 'right',
              render: (_, e) => `${formatAmount(e.fbaFee)} ${row.currency}`,
            },
          ]}
          onDelete={(e) => remove.mutateAsync({ skuId: row.skuId, marketId: row.marketId, effectiveFrom: e.effectiveFrom })}
          deleteConfirm={(e) => t('costs.deleteConfirm', { day: e.effectiveFrom })}
          deletedText={t('costs.deleted')}
        />
      )}
    </Drawer>
  );
}
