import type { Material } from '@bo/contract/costs/materials';
import * as ep from '@bo/contract/costs/materials';
import { MATERIAL_CURRENCIES } from '@bo/contract/costs/shared';
import { Tag } from 'antd';
import { useState } from 'react';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { download } from '../../../shared/http/http-client';
import { localName, pairOptions, useLang, useTexts } from '../../../shared/i18n/lang';
import { AddButton } from '../../../shared/kit/AddButton';
import type { Editor } from '../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { costKeys } from '../costs.keys';
import { CostImportButton } from '../imports/CostImportButton';
import { openColumn } from '../shared/cost-columns';
import { formatCost } from '../shared/costs-format';
import { MaterialDrawer } from './components/MaterialDrawer';
import { useMaterialOptions } from './materials.queries';

/** The categories or suppliers in use, in the user's language, for a filter. */
function useMaterialPairOptions(side: 'categories' | 'suppliers') {
  const lang = useLang();
  const options = useMaterialOptions();
  return { options: pairOptions(options.data?.[side] ?? [], lang), loading: options.isPending };
}
const useCategoryOptions = () => useMaterialPairOptions('categories');
const useSupplierOptions = () => useMaterialPairOptions('suppliers');

/** /mcost: materials with their current price; add, edit, price history, import and export. */
export default function MaterialListPage() {
  const { t, lang } = useTexts();
  const list = useKitList(ep.listMaterials, costKeys.materials());
  const [editor, setEditor] = useState<Editor<Material> | null>(null);
  const [historyOf, setHistoryOf] = useState<Material | null>(null);
  const { pageNum: _p, pageSize: _s, missingPrice, ...filtered } = list.query;
  const exportQuery = { ...filtered, missingPrice: missingPrice ? ('true' as const) : undefined };

  // Code, name, price and the actions always show; the rest as the width allows (docs/decisions.md).
  const columns: KitColumn<Material>[] = [
    { key: 'code', sortable: true, title: t('costs.mcost.code'), width: 140, priority: 'key', render: (_, r) => r.code },
    {
      key: 'name',
      sortable: true,
      title: t('costs.mcost.name'),
      width: 200,
      priority: 'key',
      ellipsis: true,
      render: (_, r) => localName(lang, r.name, r.nameEn),
    },
    { key: 'unit', title: t('costs.mcost.unit'), width: 80, render: (_, r) => r.unit },
    {
      key: 'category',
      sortable: true,
      title: t('costs.mcost.category'),
      width: 150,
      ellipsis: true,
      render: (_, r) => localName(lang, r.category, r.categoryEn),
    },
    {
      key: 'supplier',
      sortable: true,
      title: t('costs.mcost.supplier'),
      width: 180,
      priority: 'detail',
      ellipsis: true,
      render: (_, r) => localName(lang, r.supplier, r.supplierEn) || '—',
    },
    {
      key: 'unitPrice',
      sortable: true,
      title: t('costs.mcost.unitPrice'),
      width: 140,
      priority: 'key',
      align: 'right',
      render: (_, r) =>
        r.unitPrice === null ? <Tag color="orange">{t('costs.noEntries')}</Tag> : `${formatCost(r.unitPrice)} ${r.currency}`,
    },
    {
      key: 'priceFrom',
      sortable: true,
      title: t('costs.mcost.priceFrom'),
      width: 120,
      render: (_, r) => r.priceFrom ?? '—',
    },
    { key: 'usedBy', title: t('costs.mcost.usedBy'), width: 90, align: 'right', render: (_, r) => r.usedBy },
    openColumn<Material>(
      t,
      t('costs.details'),
      (r) => setEditor({ mode: 'edit', record: r }),
      (r) => `material-open-${r.code}`,
    ),
  ];

  return (
    <>
      <ListPage
        testId="page-mcost"
        texts="costs.mcost"
        list={list}
        filters={[
          {
            kind: 'text',
            key: 'keyword',
            placeholder: t('costs.mcost.keyword'),
            maxLength: 64,
            width: 220,
            testId: 'mcost-filter-keyword',
          },
          {
            kind: 'query-select',
            key: 'category',
            placeholder: t('costs.mcost.category'),
            width: 150,
            useOptions: useCategoryOptions,
          },
          {
            kind: 'query-select',
            key: 'supplier',
            placeholder: t('costs.mcost.supplier'),
            width: 180,
            useOptions: useSupplierOptions,
          },
          {
            kind: 'select',
            key: 'currency',
            placeholder: t('costs.mcost.currency'),
            width: 110,
            options: MATERIAL_CURRENCIES.map((c) => ({ value: c, label: c })),
          },
          { kind: 'checkbox', key: 'missingPrice', label: t('costs.mcost.missingPrice') },
        ]}
        toolbar={
          <>
            <AddButton
              permission="product:materialCost:create"
              onClick={() => setEditor({ mode: 'create' })}
              testId="material-create"
            >
              {t('costs.mcost.create')}
            </AddButton>
            <CostImportButton
              kind="materials"
              template={ep.materialTemplate}
              invalidates={[costKeys.materials(), costKeys.boms()]}
            />
            <Can permission="product:materialCost:export">
              <ExportButton
                label={t('sales.export.table')}
                testId="mcost-export"
                fetchFile={(options) => download(ep.exportMaterials, { query: exportQuery }, options)}
              />
            </Can>
          </>
        }
        columns={columns}
        tableId="costs.materials"
        rowKey="id"
        tableTestId="mcost-table"
        emptyText={t('costs.empty')}
      />
      <MaterialDrawer
        editor={editor}
        onClose={() => setEditor(null)}
        onOpen={(m) => setEditor({ mode: 'edit', record: m })}
        onHistory={setHistoryOf}
      />
      <HistoryDrawer
        entity="material"
        entityId={historyOf?.id ?? null}
        name={historyOf?.code ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          code: t('costs.mcost.code'),
          name: t('costs.mcost.nameZh'),
          nameEn: t('costs.mcost.nameEn'),
          unit: t('costs.mcost.unit'),
          category: t('costs.mcost.categoryZh'),
          categoryEn: t('costs.mcost.categoryEn'),
          supplier: t('costs.mcost.supplierZh'),
          supplierEn: t('costs.mcost.supplierEn'),
          currency: t('costs.mcost.currency'),
          price: t('costs.mcost.firstPrice'),
        }}
      />
    </>
  );
}
