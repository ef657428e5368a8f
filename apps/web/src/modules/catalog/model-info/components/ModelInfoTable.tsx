import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ModelInfoRow } from '@bo/contract/catalog/model-info';
import { Button, Empty, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../shared/Can';
import { DeleteAction } from '../../../../shared/components/DeleteAction';
import { useNotify } from '../../../../shared/components/use-notify';
import { formatDateTime, formatThousands } from '../../../../shared/format';
import { errorText } from '../../../../shared/http/error-text';
import { useLang } from '../../../../shared/i18n/lang';
import { listPagination, tableChangeHandler } from '../../../../shared/list-paging';
import { MATERIAL_KEYS, POWER_PACK_KEYS, productName, sizeText } from '../../shared/catalog-labels';
import { type ModelInfoQuery, type ModelInfoSortField, useDeleteModelInfo } from '../model-info.queries';

const SORTABLE: readonly ModelInfoSortField[] = ['model', 'name', 'netWeightG', 'grossWeightG', 'hsCode', 'updatedAt'];

interface Props {
  rows: readonly ModelInfoRow[];
  total: number;
  loading: boolean;
  query: ModelInfoQuery;
  filtered: boolean;
  onQueryChange: (patch: Partial<ModelInfoQuery>) => void;
  onEdit: (row: ModelInfoRow) => void;
}

const dash = <span className="bo-muted">—</span>;

/** Products with their technical data; a product without any shows "missing" and, with the create button, "fill in". */
export function ModelInfoTable({ rows, total, loading, query, filtered, onQueryChange, onEdit }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const notify = useNotify();
  const remove = useDeleteModelInfo();
  const sortable = (key: ModelInfoSortField) => ({
    key,
    sorter: true,
    sortOrder: query.sortField === key ? query.sortOrder : null,
  });
  const withInfo = (render: (i: NonNullable<ModelInfoRow['info']>) => React.ReactNode) => (_: unknown, r: ModelInfoRow) =>
    r.info ? render(r.info) : dash;

  const del = async (r: ModelInfoRow) => {
    try {
      await remove.mutateAsync(r.productId);
      notify.success(t('catalog.modelInfo.deleted', { model: r.model }));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  const columns: TableProps<ModelInfoRow>['columns'] = [
    {
      ...sortable('model'),
      title: t('catalog.modelInfo.column.model'),
      width: 130,
      fixed: 'left',
      render: (_, r) => <Typography.Text strong>{r.model}</Typography.Text>,
    },
    {
      ...sortable('name'),
      title: t('catalog.modelInfo.column.name'),
      width: 180,
      ellipsis: true,
      render: (_, r) => productName(r, lang),
    },
    {
      key: 'size',
      title: t('catalog.modelInfo.column.size'),
      width: 170,
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
      ...sortable('netWeightG'),
      title: t('catalog.modelInfo.column.netWeightG'),
      width: 110,
      align: 'right',
      render: withInfo((i) => formatThousands(i.netWeightG)),
    },
    {
      ...sortable('grossWeightG'),
      title: t('catalog.modelInfo.column.grossWeightG'),
      width: 110,
      align: 'right',
      render: withInfo((i) => formatThousands(i.grossWeightG)),
    },
    {
      key: 'power',
      title: t('catalog.modelInfo.column.power'),
      width: 140,
      render: withInfo((i) => t(POWER_PACK_KEYS[i.powerPack] ?? POWER_PACK_KEYS[0])),
    },
    {
      key: 'material',
      title: t('catalog.modelInfo.column.material'),
      width: 90,
      render: withInfo((i) =>
        MATERIAL_KEYS[i.material] ? t(MATERIAL_KEYS[i.material] as 'catalog.modelInfo.material.metal') : i.material,
      ),
    },
    {
      key: 'electrical',
      title: t('catalog.modelInfo.column.electrical'),
      width: 230,
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
    { ...sortable('hsCode'), title: t('catalog.modelInfo.column.hsCode'), width: 110, render: withInfo((i) => i.hsCode) },
    { key: 'origin', title: t('catalog.modelInfo.column.origin'), width: 80, render: withInfo((i) => i.countryOfOrigin) },
    {
      ...sortable('updatedAt'),
      title: t('catalog.modelInfo.column.updatedAt'),
      width: 170,
      render: withInfo((i) => formatDateTime(i.updatedAt)),
    },
  ];
  if (can('product:model:create') || can('product:model:edit') || can('product:model:delete')) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      width: 170,
      fixed: 'right',
      render: (_, r) =>
        r.info ? (
          <Space size={0} wrap={false}>
            {can('product:model:edit') && (
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => onEdit(r)}
                data-testid={`mi-edit-${r.model}`}
              >
                {t('common.edit')}
              </Button>
            )}
            {can('product:model:delete') && (
              <DeleteAction
                title={t('catalog.modelInfo.confirmDelete', { model: r.model })}
                description={t('catalog.modelInfo.confirmDeleteNote')}
                onConfirm={() => del(r)}
                testId={`mi-delete-${r.model}`}
                confirmTestId="mi-delete-confirm"
              />
            )}
          </Space>
        ) : (
          can('product:model:create') && (
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => onEdit(r)} data-testid={`mi-fill-${r.model}`}>
              {t('catalog.modelInfo.fill')}
            </Button>
          )
        ),
    });
  }

  return (
    <Table<ModelInfoRow>
      rowKey="productId"
      size="middle"
      columns={columns}
      dataSource={rows as ModelInfoRow[]}
      loading={loading}
      scroll={{ x: 2060 }}
      locale={{ emptyText: <Empty description={filtered ? t('list.noMatch') : t('catalog.modelInfo.empty')} /> }}
      pagination={listPagination(query, total, t)}
      onChange={tableChangeHandler<ModelInfoRow, ModelInfoSortField>(SORTABLE, 'model', query.pageSize, onQueryChange)}
      data-testid="model-info-table"
    />
  );
}
