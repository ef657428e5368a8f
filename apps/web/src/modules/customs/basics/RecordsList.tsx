import { CopyOutlined } from '@ant-design/icons';
import { BATTERY_TYPES, type CustomsBasic, listCustomsBasics as ep } from '@bo/contract/customs/basics';
import type { TabsProps } from 'antd';
import { Button, Space, Tag, Typography } from 'antd';
import { Can } from '../../../shared/Can';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { AddButton } from '../../../shared/kit/AddButton';
import type { Editor } from '../../../shared/kit/EditDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { RowActions } from '../../../shared/kit/RowActions';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { customsKeys, useDeleteCustomsBasic } from '../customs.queries';
import { useCountryOptions, useCountryText } from './country-options';

interface Props {
  tabs: { activeKey: string; onChange: (key: string) => void; listKey: string; items: NonNullable<TabsProps['items']> };
  onEdit: (editor: Editor<CustomsBasic>) => void;
  onHistory: (record: CustomsBasic) => void;
}

/** The records tab of /customBasic: the kit list with its filters, add, edit, copy, delete and history. */
export function RecordsList({ tabs, onEdit, onHistory }: Props) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const list = useKitList(ep, customsKeys.basics);
  const del = useDeleteCustomsBasic();
  const countries = useCountryOptions();
  const countryText = useCountryText();

  const columns: KitColumn<CustomsBasic>[] = [
    {
      key: 'model',
      sortable: true,
      priority: 'key',
      width: 200,
      title: t('customs.basics.column.model'),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{r.model}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {lang === 'zh-CN' ? r.productName : r.productNameEn}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'country',
      sortable: true,
      priority: 'key',
      width: 110,
      title: t('customs.basics.column.country'),
      render: (_, r) => <Tag>{countryText(r.country)}</Tag>,
    },
    {
      key: 'hsCode',
      sortable: true,
      priority: 'key',
      width: 190,
      title: t('customs.basics.column.hsCode'),
      render: (_, r) => (
        <Typography.Text code>
          {r.hsCode}
          {r.importHsCode ? ` / ${r.importHsCode}` : ''}
        </Typography.Text>
      ),
    },
    {
      key: 'declaredName',
      priority: 'key',
      width: 220,
      ellipsis: true,
      title: t('customs.basics.column.declaredName'),
      render: (_, r) => `${r.declaredName} / ${r.declaredNameEn}`,
    },
    {
      key: 'unitValue',
      sortable: true,
      priority: 'key',
      width: 140,
      align: 'right',
      title: t('customs.basics.column.unitValue'),
      render: (_, r) => `${r.unitValue.toFixed(2)} ${r.currency} / ${t(`customs.basics.unit.${r.declareUnit}`)}`,
    },
    {
      key: 'rebatePct',
      sortable: true,
      priority: 'detail',
      width: 90,
      align: 'right',
      title: t('customs.basics.column.rebatePct'),
      render: (_, r) => `${r.rebatePct}%`,
    },
    {
      key: 'flags',
      priority: 'key',
      width: 210,
      title: t('customs.basics.column.flags'),
      render: (_, r) => (
        <Space size={4} wrap>
          {r.hasBattery && <Tag color="orange">{t(`customs.basics.battery.${r.batteryType}`)}</Tag>}
          {r.magnetic && <Tag color="purple">{t('customs.basics.flag.magnetic')}</Tag>}
          {r.wireless && <Tag color="blue">{t('customs.basics.flag.wireless')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'material',
      priority: 'detail',
      width: 160,
      ellipsis: true,
      title: t('customs.basics.column.material'),
      render: (_, r) => r.material,
    },
    {
      key: 'usage',
      priority: 'detail',
      width: 160,
      ellipsis: true,
      title: t('customs.basics.column.usage'),
      render: (_, r) => r.usage,
    },
    {
      key: 'brand',
      priority: 'detail',
      width: 120,
      ellipsis: true,
      title: t('customs.basics.column.brand'),
      render: (_, r) => r.brand || '—',
    },
    {
      key: 'certification',
      priority: 'detail',
      width: 180,
      ellipsis: true,
      title: t('customs.basics.column.certification'),
      render: (_, r) => r.certification || '—',
    },
    {
      key: 'updatedAt',
      sortable: true,
      priority: 'detail',
      width: 160,
      title: t('customs.basics.column.updatedAt'),
      render: (_, r) => formatDateTime(r.updatedAt),
    },
    actionsColumn(t, 230, (_, r) => (
      <RowActions
        prefix="customs"
        id={r.id}
        edit={{ permission: 'scm:customs:basic:edit', onClick: () => onEdit({ mode: 'edit', record: r }) }}
        extra={
          <Can permission="scm:customs:basic:create">
            <Button
              type="link"
              size="small"
              icon={<CopyOutlined />}
              onClick={() => onEdit({ mode: 'copy', record: r })}
              data-testid={`customs-copy-${r.id}`}
            >
              {t('customs.basics.copy')}
            </Button>
          </Can>
        }
        onHistory={() => onHistory(r)}
        remove={{
          permission: 'scm:customs:basic:delete',
          title: t('customs.basics.confirmDelete', { model: r.model, country: countryText(r.country) }),
          onConfirm: () =>
            void notify.run(
              () => del.mutateAsync(r.id),
              t('customs.basics.deleted', { model: r.model, country: countryText(r.country) }),
            ),
        }}
      />
    )),
  ];

  return (
    <ListPage
      testId="page-customs-basic"
      texts="customs.basics"
      list={list}
      tabs={tabs}
      filters={[
        { kind: 'text', key: 'keyword', placeholder: t('customs.basics.search'), maxLength: 100, testId: 'customs-search' },
        { kind: 'select', key: 'country', placeholder: t('customs.basics.allCountries'), width: 170, options: countries },
        {
          kind: 'select',
          key: 'batteryType',
          placeholder: t('customs.basics.allBattery'),
          width: 170,
          options: BATTERY_TYPES.map((b) => ({ value: b, label: t(`customs.basics.battery.${b}`) })),
        },
      ]}
      toolbar={
        <AddButton permission="scm:customs:basic:create" onClick={() => onEdit({ mode: 'create' })} testId="customs-create">
          {t('customs.basics.create')}
        </AddButton>
      }
      columns={columns}
      tableId="customs.basics"
      rowKey="id"
      tableTestId="customs-table"
      emptyText={t('customs.basics.empty')}
    />
  );
}
