import { PlusOutlined } from '@ant-design/icons';
import { backMgrFbaCodes as ep, MARKETS } from '@bo/contract';
import type { FbaCode } from '@bo/contract/backmgr/fba-codes';
import { Button, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { useKitList } from '../../../shared/kit/use-list-query';
import { MarketTag } from '../../../shared/markets/MarketTag';
import { actionsColumn } from '../../../shared/table/FitTable';
import { EditRowActions } from '../components/EditRowActions';
import { fbaKeys, useDeleteFbaCode, useSaveFbaCode } from './fba.queries';

interface Values {
  code: string;
  marketId: number;
  name: string;
  address: string;
  country: string;
  enabled: boolean;
}

/** /backMgr/fbacode: Amazon fulfilment centre codes per marketplace. */
export default function FbaCodesPage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const list = useKitList(ep.list, fbaKeys.all);
  const save = useSaveFbaCode();
  const del = useDeleteFbaCode();
  const [editor, setEditor] = useState<Editor<FbaCode> | null>(null);

  const remove = (f: FbaCode) => notify.run(() => del.mutateAsync(f.id), t('backMgr.fba.deleted', { code: f.code }));

  const columns: KitColumn<FbaCode>[] = [
    {
      key: 'code',
      sortable: true,
      priority: 'key',
      width: 110,
      title: t('backMgr.fba.column.code'),
      render: (_, f) => <Typography.Text strong>{f.code}</Typography.Text>,
    },
    {
      key: 'marketId',
      sortable: true,
      priority: 'key',
      width: 110,
      title: t('backMgr.fba.column.market'),
      render: (_, f) => <MarketTag marketId={f.marketId} />,
    },
    {
      key: 'name',
      priority: 'key',
      width: 200,
      ellipsis: true,
      title: t('backMgr.fba.column.name'),
      render: (_, f) => f.name || '—',
    },
    {
      key: 'address',
      priority: 'detail',
      width: 280,
      ellipsis: true,
      title: t('backMgr.fba.column.address'),
      render: (_, f) => f.address || '—',
    },
    { key: 'country', priority: 'detail', width: 90, title: t('backMgr.fba.column.country'), render: (_, f) => f.country },
    {
      key: 'enabled',
      priority: 'key',
      width: 90,
      title: t('backMgr.fba.column.enabled'),
      render: (_, f) => (
        <Tag color={f.enabled ? 'green' : 'default'} data-testid={`fba-enabled-${f.id}`}>
          {f.enabled ? t('backMgr.fba.on') : t('backMgr.fba.off')}
        </Tag>
      ),
    },
    {
      key: 'updatedAt',
      sortable: true,
      priority: 'detail',
      width: 160,
      title: t('backMgr.fba.column.updatedAt'),
      render: (_, f) => formatDateTime(f.updatedAt),
    },
    actionsColumn(t, 130, (_, f) => (
      <EditRowActions
        prefix="fba"
        id={f.id}
        onEdit={() => setEditor({ mode: 'edit', record: f })}
        remove={{ title: t('backMgr.fba.confirmDelete', { code: f.code }), onConfirm: () => void remove(f) }}
      />
    )),
  ];

  return (
    <>
      <ListPage
        testId="page-backmgr-fba"
        texts="backMgr.fba"
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('backMgr.fba.search'), maxLength: 200, testId: 'fba-search' },
          { kind: 'market', key: 'marketId', placeholder: t('backMgr.fba.column.market'), testId: 'fba-market' },
          {
            kind: 'select',
            key: 'enabled',
            placeholder: t('backMgr.fba.allUse'),
            width: 140,
            options: [
              { value: 'true', label: t('backMgr.fba.on') },
              { value: 'false', label: t('backMgr.fba.off') },
            ],
            testId: 'fba-enabled',
          },
        ]}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'create' })} data-testid="fba-create">
            {t('backMgr.fba.create')}
          </Button>
        }
        columns={columns}
        tableId="backmgr.fba"
        rowKey="id"
        tableTestId="fba-table"
        emptyText={t('backMgr.fba.empty')}
      />
      <EditDrawer<FbaCode, Values, FbaCode>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => (e.mode === 'edit' ? t('backMgr.fba.editTitle') : t('backMgr.fba.createTitle'))}
        schema={ep.create.body}
        fields={[
          { name: 'code', label: t('backMgr.fba.column.code'), extra: t('backMgr.fba.codeHint'), testId: 'fba-code' },
          {
            name: 'marketId',
            input: 'select',
            label: t('backMgr.fba.column.market'),
            options: MARKETS.map((m) => ({ value: m.id, label: `${m.code} · ${lang === 'zh-CN' ? m.zh : m.en}` })),
            testId: 'fba-market-input',
          },
          { name: 'name', label: t('backMgr.fba.column.name'), testId: 'fba-name' },
          { name: 'address', input: 'textarea', label: t('backMgr.fba.column.address'), testId: 'fba-address' },
          { name: 'country', label: t('backMgr.fba.column.country'), extra: t('backMgr.fba.countryHint'), testId: 'fba-country' },
          { name: 'enabled', input: 'switch', label: t('backMgr.fba.column.enabled'), testId: 'fba-enabled-input' },
        ]}
        initialValues={(e) =>
          e.record ? { ...e.record } : { code: '', marketId: 0, name: '', address: '', country: 'US', enabled: true }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            body: {
              code: v.code,
              marketId: v.marketId,
              name: v.name ?? '',
              address: v.address ?? '',
              country: v.country,
              enabled: v.enabled ?? true,
            },
          })
        }
        savedText={(f) => t('backMgr.fba.saved', { code: f.code })}
        conflict={() => ({ field: 'code', text: t('backMgr.fba.taken') })}
        testId="fba-form"
        saveTestId="fba-save"
      />
    </>
  );
}
