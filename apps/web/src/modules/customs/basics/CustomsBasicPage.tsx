import type { CustomsBasic } from '@bo/contract/customs/basics';
import { useState } from 'react';
import { useTexts } from '../../../shared/i18n/lang';
import type { Editor } from '../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { useLatestSearchParams } from '../../../shared/url-state';
import { CustomsBasicDrawer } from './CustomsBasicDrawer';
import { MissingModelsList } from './MissingModelsList';
import { RecordsList } from './RecordsList';

export type CustomsTab = 'records' | 'missing';

/**
 * /customBasic: the customs records (model x destination) and the launched models that lack one,
 * two kit lists in tabs (the tab in `?tab=`), one drawer for create, edit, copy and fill-in.
 */
export default function CustomsBasicPage() {
  const { t } = useTexts();
  const [params, setParams] = useLatestSearchParams();
  const tab: CustomsTab = params.get('tab') === 'missing' ? 'missing' : 'records';
  const [editor, setEditor] = useState<Editor<CustomsBasic> | null>(null);
  const [historyOf, setHistoryOf] = useState<CustomsBasic | null>(null);
  // The lists read different filters; the destination carries over, the rest starts afresh.
  const open = (next: CustomsTab) => {
    const country = params.get('country');
    setParams(() => new URLSearchParams({ tab: next, ...(country ? { country } : {}) }), { replace: true });
  };
  const tabs = {
    activeKey: tab,
    onChange: (key: string) => open(key as CustomsTab),
    listKey: tab,
    items: [
      { key: 'records', label: <span data-testid="tab-customs-records">{t('customs.basics.tabRecords')}</span> },
      { key: 'missing', label: <span data-testid="tab-customs-missing">{t('customs.basics.tabMissing')}</span> },
    ],
  };
  return (
    <>
      {tab === 'missing' ? (
        <MissingModelsList tabs={tabs} onFill={setEditor} />
      ) : (
        <RecordsList tabs={tabs} onEdit={setEditor} onHistory={setHistoryOf} />
      )}
      <CustomsBasicDrawer editor={editor} onClose={() => setEditor(null)} onHistory={setHistoryOf} />
      <HistoryDrawer
        entity="customs_basic"
        entityId={historyOf?.id ?? null}
        name={historyOf ? `${historyOf.model} · ${historyOf.country}` : ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          productId: t('customs.basics.field.productId'),
          model: t('customs.basics.field.model'),
          country: t('customs.basics.field.country'),
          hsCode: t('customs.basics.field.hsCode'),
          importHsCode: t('customs.basics.field.importHsCode'),
          declaredName: t('customs.basics.field.declaredName'),
          declaredNameEn: t('customs.basics.field.declaredNameEn'),
          material: t('customs.basics.field.material'),
          usage: t('customs.basics.field.usage'),
          brand: t('customs.basics.field.brand'),
          unitValue: t('customs.basics.field.unitValue'),
          currency: t('customs.basics.field.currency'),
          declareUnit: t('customs.basics.field.declareUnit'),
          rebatePct: t('customs.basics.field.rebatePct'),
          hasBattery: t('customs.basics.field.hasBattery'),
          batteryType: t('customs.basics.field.batteryType'),
          magnetic: t('customs.basics.field.magnetic'),
          wireless: t('customs.basics.field.wireless'),
          certification: t('customs.basics.field.certification'),
        }}
      />
    </>
  );
}
