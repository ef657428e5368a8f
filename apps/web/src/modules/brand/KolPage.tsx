/**
 * /digitize/brandKOLMgr: the brand's KOLs. Filters (text, state, platform, category, country,
 * owner), sorting and paging in the URL; export of the filtered list (streamed); the edit drawer
 * with the handles; the states of KOL_MACHINE (blacklisting asks why); the cooperation records in
 * a drawer of their own; history; delete with confirmation. Buttons follow the route's create /
 * edit / delete permissions; the contact columns are filled only for editors (the server decides).
 */
import { HistoryOutlined } from '@ant-design/icons';
import * as ep from '@bo/contract/brand/kols';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../shared/Can';
import { ExportButton } from '../../shared/components/ExportButton';
import { useNotify } from '../../shared/components/use-notify';
import { formatDateTime } from '../../shared/format';
import { useLang } from '../../shared/i18n/lang';
import { AddButton } from '../../shared/kit/AddButton';
import { EditDrawer, type Editor } from '../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { ActionLinks } from '../../shared/kit/RowActions';
import { StateActions, StateTag } from '../../shared/kit/StateTag';
import { useKitList } from '../../shared/kit/use-list-query';
import { actionsColumn } from '../../shared/table/FitTable';
import { CountCell, MoneyCell } from '../../shared/table/NumberCells';
import { brandKeys, exportKols, useDeleteKol, useKolAction, useKolOptions, useSaveKol } from './brand.queries';
import { HandlesInput } from './HandlesInput';
import { KolCooperations } from './KolCooperations';

interface Values {
  name: string;
  handles: ep.KolHandle[];
  country: string;
  language: string;
  category: ep.KolCategory;
  rate: number | null;
  currency: (typeof ep.KOL_CURRENCIES)[number];
  email: string | null;
  phone: string | null;
  ownerId: number | null;
  note: string;
}
const blank = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

export default function KolPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const notify = useNotify();
  const can = useCan();
  const canEdit = can('digitize:brandKol:edit');
  const list = useKitList(ep.listKols, brandKeys.kols);
  const options = useKolOptions().data;
  const save = useSaveKol();
  const move = useKolAction();
  const del = useDeleteKol();
  const [editor, setEditor] = useState<Editor<ep.Kol> | null>(null);
  const [blacklisting, setBlacklisting] = useState<ep.Kol | null>(null);
  const [historyOf, setHistoryOf] = useState<ep.Kol | null>(null);
  const [coopsOf, setCoopsOf] = useState<ep.Kol | null>(null);
  const category = (c: ep.KolCategory) => ep.KOL_CATEGORY_LABEL[c][zh ? 'zh' : 'en'];
  const run = (k: ep.Kol, action: ep.KolAction, remark = '') =>
    notify.run(() => move.mutateAsync({ id: k.id, body: { action, version: k.version, remark } }), t('brand.kols.moved'));

  const columns: KitColumn<ep.Kol>[] = [
    {
      key: 'name',
      priority: 'key',
      width: 180,
      sortable: true,
      ellipsis: true,
      title: t('brand.kols.column.name'),
      render: (_, k) => (
        <Typography.Link onClick={() => setEditor({ mode: 'edit', record: k })} data-testid={`kol-open-${k.id}`}>
          {k.name}
        </Typography.Link>
      ),
    },
    {
      key: 'handles',
      priority: 'key',
      width: 220,
      title: t('brand.kols.column.handles'),
      render: (_, k) => (
        <Space size={[4, 4]} wrap>
          {k.handles.map((h) => (
            <Tooltip key={h.platform} title={`${ep.PLATFORM_LABEL[h.platform]} ${h.handle}`}>
              <Tag>
                {h.platform} <CountCell value={h.followers} />
              </Tag>
            </Tooltip>
          ))}
        </Space>
      ),
    },
    {
      key: 'followers',
      priority: 'normal',
      width: 100,
      align: 'right',
      sortable: true,
      title: t('brand.kols.column.followers'),
      render: (_, k) => <CountCell value={k.followers} />,
    },
    {
      key: 'country',
      priority: 'normal',
      width: 100,
      title: t('brand.kols.column.country'),
      render: (_, k) => `${k.country} · ${k.language}`,
    },
    {
      key: 'category',
      priority: 'detail',
      width: 100,
      title: t('brand.kols.column.category'),
      render: (_, k) => category(k.category),
    },
    {
      key: 'rate',
      priority: 'detail',
      width: 110,
      align: 'right',
      sortable: true,
      title: t('brand.kols.column.rate'),
      render: (_, k) => (k.rate === null ? '—' : `${k.currency} ${k.rate.toLocaleString()}`),
    },
    {
      key: 'contact',
      priority: 'detail',
      width: 200,
      ellipsis: true,
      title: t('brand.kols.column.contact'),
      render: (_, k) =>
        k.contactHidden ? (
          <Typography.Text type="secondary">{t('brand.kols.contactHidden')}</Typography.Text>
        ) : (
          [k.email, k.phone].filter(Boolean).join(' · ') || '—'
        ),
    },
    {
      key: 'owner',
      priority: 'normal',
      width: 120,
      ellipsis: true,
      title: t('brand.kols.column.owner'),
      render: (_, k) => k.owner?.name ?? '—',
    },
    {
      key: 'state',
      priority: 'key',
      width: 100,
      title: t('brand.kols.column.state'),
      render: (_, k) => <StateTag machine={ep.KOL_MACHINE} state={k.state} testId={`kol-state-${k.id}`} />,
    },
    {
      key: 'spent',
      priority: 'normal',
      width: 110,
      align: 'right',
      title: t('brand.kols.column.spent'),
      render: (_, k) => (
        <Typography.Link onClick={() => setCoopsOf(k)} data-testid={`kol-coops-${k.id}`}>
          <MoneyCell value={k.spent} symbol="US$" /> ({k.cooperations})
        </Typography.Link>
      ),
    },
    {
      key: 'lastPublishDay',
      priority: 'detail',
      width: 110,
      sortable: true,
      title: t('brand.kols.column.lastPublishDay'),
      render: (_, k) => k.lastPublishDay ?? '—',
    },
    {
      key: 'updatedAt',
      priority: 'detail',
      width: 150,
      sortable: true,
      title: t('brand.kols.column.updatedAt'),
      render: (_, k) => formatDateTime(k.updatedAt),
    },
    actionsColumn(t, canEdit ? 440 : 230, (_, k) => (
      <Space size={4}>
        {canEdit && (
          <StateActions
            machine={ep.KOL_MACHINE}
            state={k.state}
            only={['contact', 'cooperate', 'pause', 'restore']}
            busy={move.isPending && move.variables?.id === k.id ? move.variables.body.action : null}
            onAction={(a) => void run(k, a)}
            testId={(a) => `kol-${a}-${k.id}`}
          />
        )}
        <ActionLinks
          actions={[
            {
              label: ep.KOL_MACHINE.transitions.find((x) => x.action === 'blacklist')?.label[zh ? 'zh' : 'en'],
              danger: true,
              permission: 'digitize:brandKol:edit',
              hidden: k.state === 'blacklisted',
              testId: `kol-blacklist-${k.id}`,
              onClick: () => setBlacklisting(k),
            },
            { label: t('brand.kols.cooperations'), testId: `kol-coop-${k.id}`, onClick: () => setCoopsOf(k) },
            {
              label: t('brand.kols.history'),
              icon: <HistoryOutlined />,
              testId: `kol-history-${k.id}`,
              onClick: () => setHistoryOf(k),
            },
            {
              testId: `kol-delete-${k.id}`,
              permission: 'digitize:brandKol:delete',
              hidden: k.cooperations > 0,
              remove: {
                title: t('brand.kols.confirmDelete', { name: k.name }),
                description: t('brand.kols.deleteHint'),
                onConfirm: () => void notify.run(() => del.mutateAsync(k.id), t('brand.kols.deleted', { name: k.name })),
                confirmTestId: 'kol-delete-confirm',
              },
            },
          ]}
        />
      </Space>
    )),
  ];

  const { pageNum: _p, pageSize: _s, sortField: _f, sortOrder: _o, ...filters } = list.query;
  return (
    <>
      <ListPage
        testId="page-brand-kols"
        texts="brand.kols"
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('brand.kols.search'), maxLength: 100 },
          {
            kind: 'select',
            key: 'state',
            placeholder: t('brand.kols.allStates'),
            width: 120,
            options: ep.KOL_STATES.map((s) => ({ value: s, label: ep.KOL_MACHINE.states[s].label[zh ? 'zh' : 'en'] })),
          },
          {
            kind: 'select',
            key: 'platform',
            placeholder: t('brand.kols.allPlatforms'),
            width: 120,
            options: ep.KOL_PLATFORMS.map((p) => ({ value: p, label: ep.PLATFORM_LABEL[p] })),
          },
          {
            kind: 'select',
            key: 'category',
            placeholder: t('brand.kols.allCategories'),
            width: 120,
            options: ep.KOL_CATEGORIES.map((c) => ({ value: c, label: category(c) })),
          },
          {
            kind: 'text',
            key: 'country',
            placeholder: t('brand.kols.country'),
            maxLength: 2,
            width: 140,
            normalize: (s: string) => s.toUpperCase(),
          },
          {
            kind: 'select',
            key: 'ownerId',
            placeholder: t('brand.kols.allOwners'),
            width: 140,
            options: (options?.owners ?? []).map((o) => ({ value: o.id, label: o.name })),
          },
        ]}
        toolbar={
          <Space>
            <ExportButton label={t('brand.kols.export')} fetchFile={(o) => exportKols(filters, o)} testId="kol-export" />
            <AddButton permission="digitize:brandKol:create" onClick={() => setEditor({ mode: 'create' })} testId="kol-create">
              {t('brand.kols.create')}
            </AddButton>
          </Space>
        }
        columns={columns}
        tableId="brand.kols"
        rowKey="id"
        tableTestId="kol-list"
        emptyText={t('brand.kols.empty')}
      />
      <EditDrawer<ep.Kol, Values, ep.Kol>
        editor={editor}
        onClose={() => setEditor(null)}
        width={720}
        title={(e) =>
          e.mode === 'create' ? t('brand.kols.createTitle') : canEdit ? t('brand.kols.editTitle') : t('brand.kols.viewTitle')
        }
        schema={ep.kolBody}
        updateSchema={ep.kolUpdateBody}
        readOnly={(e) => e.mode === 'edit' && !canEdit}
        intro={(e) =>
          e.mode === 'edit' ? <StateTag machine={ep.KOL_MACHINE} state={e.record.state} testId="kol-form-state" /> : null
        }
        fields={[
          { name: 'name', input: 'text', label: t('brand.kols.field.name'), testId: 'kol-name' },
          {
            name: 'handles',
            label: t('brand.kols.field.handles'),
            extra: t('brand.kols.field.handlesHint'),
            input: <HandlesInput />,
          },
          {
            name: 'country',
            input: 'text',
            label: t('brand.kols.field.country'),
            span: 8,
            placeholder: 'US',
            testId: 'kol-country',
          },
          {
            name: 'language',
            input: 'text',
            label: t('brand.kols.field.language'),
            span: 8,
            placeholder: 'en',
            testId: 'kol-language',
          },
          {
            name: 'category',
            input: 'select',
            label: t('brand.kols.field.category'),
            span: 8,
            options: ep.KOL_CATEGORIES.map((c) => ({ value: c, label: category(c) })),
            testId: 'kol-category',
          },
          { name: 'rate', input: 'number', label: t('brand.kols.field.rate'), span: 12, precision: 2, testId: 'kol-rate' },
          {
            name: 'currency',
            input: 'select',
            label: t('brand.kols.field.currency'),
            span: 12,
            options: ep.KOL_CURRENCIES.map((c) => ({ value: c, label: c })),
          },
          {
            name: 'email',
            input: 'text',
            label: t('brand.kols.field.email'),
            span: 12,
            hiddenIn: canEdit ? [] : ['edit'],
            testId: 'kol-email',
          },
          { name: 'phone', input: 'text', label: t('brand.kols.field.phone'), span: 12, hiddenIn: canEdit ? [] : ['edit'] },
          {
            name: 'ownerId',
            input: 'select',
            label: t('brand.kols.field.owner'),
            extra: t('brand.kols.field.ownerHint'),
            options: (options?.owners ?? []).map((o) => ({ value: o.id, label: o.name })),
          },
          { name: 'note', input: 'textarea', label: t('brand.kols.field.note') },
        ]}
        initialValues={(e) =>
          e.mode === 'create' || !e.record
            ? {
                name: '',
                handles: [{ platform: 'TT', handle: '', followers: 0 }],
                country: '',
                language: '',
                currency: 'USD',
                note: '',
              }
            : {
                name: e.record.name,
                handles: e.record.handles,
                country: e.record.country,
                language: e.record.language,
                category: e.record.category,
                rate: e.record.rate,
                currency: e.record.currency,
                email: e.record.email,
                phone: e.record.phone,
                ownerId: e.record.owner?.id ?? null,
                note: e.record.note,
              }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            body: {
              name: v.name,
              handles: v.handles.map((h) => ({ ...h, handle: h.handle.trim() })),
              country: v.country,
              language: v.language,
              category: v.category,
              rate: v.rate ?? null,
              currency: v.currency,
              email: blank(v.email),
              phone: blank(v.phone),
              ownerId: v.ownerId ?? null,
              note: v.note ?? '',
              version: e.mode === 'edit' ? e.record.version : 1,
            },
          })
        }
        savedText={(k) => t('brand.kols.saved', { name: k.name })}
        testId="kol-form"
        saveTestId="kol-save"
      />
      <EditDrawer<ep.Kol, { remark: string }, ep.Kol>
        editor={blacklisting ? { mode: 'edit', record: blacklisting } : null}
        onClose={() => setBlacklisting(null)}
        title={() => t('brand.kols.blacklistTitle')}
        schema={ep.kolBlacklistBody}
        fields={[{ name: 'remark', label: t('brand.kols.remark'), input: 'textarea', testId: 'kol-blacklist-remark' }]}
        initialValues={() => ({ remark: '' })}
        onSubmit={(v, e) =>
          move.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : 0,
            body: { action: 'blacklist', version: e.mode === 'edit' ? e.record.version : 1, remark: v.remark.trim() },
          })
        }
        savedText={() => t('brand.kols.moved')}
        saveTestId="kol-blacklist-confirm"
      />
      <KolCooperations kol={coopsOf} onClose={() => setCoopsOf(null)} />
      <HistoryDrawer
        entity="brand_kol"
        entityId={historyOf?.id ?? null}
        name={historyOf?.name ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          name: t('brand.kols.field.name'),
          handles: t('brand.kols.field.handles'),
          country: t('brand.kols.field.country'),
          language: t('brand.kols.field.language'),
          category: t('brand.kols.field.category'),
          rate: t('brand.kols.field.rate'),
          currency: t('brand.kols.field.currency'),
          email: t('brand.kols.field.email'),
          phone: t('brand.kols.field.phone'),
          ownerId: t('brand.kols.field.owner'),
          state: t('brand.kols.column.state'),
          note: t('brand.kols.field.note'),
          remark: t('brand.kols.remark'),
        }}
      />
    </>
  );
}
