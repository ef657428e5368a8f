import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { catalogModelInfo as ep } from '@bo/contract';
import type { ModelInfoRow } from '@bo/contract/catalog/model-info';
import { Button, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Can, useCan } from '../../../shared/Can';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime, formatThousands } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { AddButton } from '../../../shared/kit/AddButton';
import type { Editor } from '../../../shared/kit/EditDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { ActionLinks } from '../../../shared/kit/RowActions';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { catalogKeys } from '../catalog.keys';
import { categoryOptions, MATERIAL_KEYS, POWER_PACK_KEYS, productName, sizeText } from '../shared/catalog-labels';
import { ModelInfoEditDrawer } from './components/ModelInfoEditDrawer';
import { useDeleteModelInfo } from './model-info.queries';

type Info = NonNullable<ModelInfoRow['info']>;
const dash = <span className="bo-muted">—</span>;
const withInfo = (render: (i: Info) => ReactNode) => (_: unknown, r: ModelInfoRow) => (r.info ? render(r.info) : dash);

/** /modelInfo: technical data of every product model; products without any are findable (has=without). */
export default function ModelInfoListPage() {
  const { t, lang } = useTexts();
  const can = useCan();
  const notify = useNotify();
  const list = useKitList(ep.listModelInfo, catalogKeys.modelInfo());
  const remove = useDeleteModelInfo();
  const [editor, setEditor] = useState<Editor<ModelInfoRow> | null>(null);
  // A row with info opens for editing; one without is a new record for its product.
  const open = (r: ModelInfoRow) => setEditor(r.info ? { mode: 'edit', record: r } : { mode: 'create', record: r });

  const del = (r: ModelInfoRow) =>
    notify.run(() => remove.mutateAsync(r.productId), t('catalog.modelInfo.deleted', { model: r.model }));

  // Model, name, size and the actions always show; the rest as the width allows (docs/decisions.md).
  const columns: KitColumn<ModelInfoRow>[] = [
    {
      key: 'model',
      sortable: true,
      title: t('catalog.modelInfo.column.model'),
      width: 130,
      priority: 'key',
      fixed: 'left',
      render: (_, r) => <Typography.Text strong>{r.model}</Typography.Text>,
    },
    {
      key: 'name',
      sortable: true,
      title: t('catalog.modelInfo.column.name'),
      width: 180,
      priority: 'key',
      ellipsis: true,
      render: (_, r) => productName(r, lang),
    },
    {
      key: 'size',
      title: t('catalog.modelInfo.column.size'),
      width: 170,
      priority: 'key',
      render: (_, r) =>
        r.info ? (
          sizeText(r.info.lengthMm, r.info.widthMm, r.info.heightMm)
        ) : (
          <Tag color="orange">{t('catalog.modelInfo.missing')}</Tag>
        ),
    },
    {
      key: 'package',
      title: t('catalog.modelInfo.column.package'),
      width: 170,
      render: withInfo((i) => sizeText(i.packageLengthMm, i.packageWidthMm, i.packageHeightMm)),
    },
    {
      key: 'netWeightG',
      sortable: true,
      title: t('catalog.modelInfo.column.netWeightG'),
      width: 110,
      align: 'right',
      render: withInfo((i) => formatThousands(i.netWeightG)),
    },
    {
      key: 'grossWeightG',
      sortable: true,
      title: t('catalog.modelInfo.column.grossWeightG'),
      width: 110,
      align: 'right',
      render: withInfo((i) => formatThousands(i.grossWeightG)),
    },
    {
      key: 'power',
      title: t('catalog.modelInfo.column.power'),
      width: 140,
      priority: 'detail',
      render: withInfo((i) => t(POWER_PACK_KEYS[i.powerPack] ?? POWER_PACK_KEYS[0])),
    },
    {
      key: 'material',
      title: t('catalog.modelInfo.column.material'),
      width: 90,
      priority: 'detail',
      render: withInfo((i) =>
        MATERIAL_KEYS[i.material] ? t(MATERIAL_KEYS[i.material] as 'catalog.modelInfo.material.metal') : i.material,
      ),
    },
    {
      key: 'electrical',
      title: t('catalog.modelInfo.column.electrical'),
      width: 230,
      priority: 'detail',
      render: withInfo(
        (i) =>
          [
            i.ratedVoltage,
            i.wattageW === null ? null : `${formatThousands(i.wattageW)} W`,
            i.plugType === 'none' ? t('catalog.modelInfo.plug.none') : i.plugType,
          ]
            .filter(Boolean)
            .join(' / ') || '—',
      ),
    },
    {
      key: 'certifications',
      title: t('catalog.modelInfo.column.certifications'),
      width: 260,
      priority: 'detail',
      render: withInfo((i) =>
        i.certifications.length ? (
          <Space size={[4, 4]} wrap>
            {i.certifications.map((c) => (
              <Tag key={c}>{c}</Tag>
            ))}
          </Space>
        ) : (
          '—'
        ),
      ),
    },
    {
      key: 'hsCode',
      sortable: true,
      title: t('catalog.modelInfo.column.hsCode'),
      width: 110,
      render: withInfo((i) => i.hsCode),
    },
    {
      key: 'origin',
      title: t('catalog.modelInfo.column.origin'),
      width: 80,
      priority: 'detail',
      render: withInfo((i) => i.countryOfOrigin),
    },
    {
      key: 'updatedAt',
      sortable: true,
      title: t('catalog.modelInfo.column.updatedAt'),
      width: 170,
      priority: 'detail',
      render: withInfo((i) => formatDateTime(i.updatedAt)),
    },
  ];
  if (can('product:model:create') || can('product:model:edit') || can('product:model:delete')) {
    columns.push(
      actionsColumn(t, 170, (_, r) =>
        r.info ? (
          <ActionLinks
            wrap={false}
            actions={[
              {
                testId: `mi-edit-${r.model}`,
                permission: 'product:model:edit',
                label: t('common.edit'),
                icon: <EditOutlined />,
                onClick: () => open(r),
              },
              {
                testId: `mi-delete-${r.model}`,
                permission: 'product:model:delete',
                remove: {
                  title: t('catalog.modelInfo.confirmDelete', { model: r.model }),
                  description: t('catalog.modelInfo.confirmDeleteNote'),
                  onConfirm: () => del(r),
                  confirmTestId: 'mi-delete-confirm',
                },
              },
            ]}
          />
        ) : (
          <Can permission="product:model:create">
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => open(r)} data-testid={`mi-fill-${r.model}`}>
              {t('catalog.modelInfo.fill')}
            </Button>
          </Can>
        ),
      ),
    );
  }

  return (
    <>
      <ListPage
        testId="page-model-info"
        texts="catalog.modelInfo"
        list={list}
        filters={[
          {
            kind: 'text',
            key: 'keyword',
            placeholder: t('catalog.modelInfo.search'),
            maxLength: 64,
            width: 220,
            testId: 'mi-search',
          },
          { kind: 'productLine', key: 'productLineId', width: 190, testId: 'mi-line' },
          {
            kind: 'select',
            key: 'categoryCode',
            placeholder: t('catalog.category'),
            width: 220,
            options: categoryOptions(lang),
            testId: 'mi-category',
          },
          {
            kind: 'segmented',
            key: 'has',
            options: (['all', 'with', 'without'] as const).map((h) => ({ value: h, label: t(`catalog.modelInfo.has.${h}`) })),
            testId: 'mi-has',
          },
        ]}
        toolbar={
          <AddButton permission="product:model:create" onClick={() => setEditor({ mode: 'create' })} testId="mi-create">
            {t('catalog.modelInfo.create')}
          </AddButton>
        }
        columns={columns}
        tableId="catalog.modelInfo"
        rowKey="productId"
        tableTestId="model-info-table"
        emptyText={t('catalog.modelInfo.empty')}
      />
      <ModelInfoEditDrawer
        editor={editor}
        onClose={() => setEditor(null)}
        onReloaded={(row) => setEditor({ mode: 'edit', record: row })}
      />
    </>
  );
}
