/**
 * A KOL's cooperation records in a drawer: each paid piece of work with its project, platform,
 * publish day, cost, exposure and interactions; editors record and change them (the kit's
 * EditDrawer), deleters remove them after a confirmation; each record's history.
 */
import { HistoryOutlined } from '@ant-design/icons';
import * as ep from '@bo/contract/brand/kols';
import { Drawer, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../shared/Can';
import { QueryStates } from '../../shared/components/QueryStates';
import { useNotify } from '../../shared/components/use-notify';
import { AddButton } from '../../shared/kit/AddButton';
import { EditDrawer, type Editor } from '../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../shared/kit/HistoryDrawer';
import { ActionLinks } from '../../shared/kit/RowActions';
import { actionsColumn, FitTable } from '../../shared/table/FitTable';
import { CountCell, MoneyCell } from '../../shared/table/NumberCells';
import { useCooperations, useDeleteCooperation, useKolOptions, useSaveCooperation } from './brand.queries';

interface Values {
  projectId: number | null;
  platform: ep.KolPlatform;
  deliverable: string;
  cost: number;
  publishDay: string | null;
  exposure: number;
  interactions: number;
  link: string | null;
}

export function KolCooperations({ kol, onClose }: { kol: ep.Kol | null; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const can = useCan();
  const canEdit = can('digitize:brandKol:edit');
  const rows = useCooperations(kol?.id ?? null);
  const projects = useKolOptions().data?.projects ?? [];
  const save = useSaveCooperation();
  const del = useDeleteCooperation();
  const [editor, setEditor] = useState<Editor<ep.Cooperation> | null>(null);
  const [historyOf, setHistoryOf] = useState<ep.Cooperation | null>(null);
  const open = kol !== null && ep.COOPERATION_STATES.includes(kol.state);

  return (
    <Drawer
      open={kol !== null}
      onClose={onClose}
      size={900}
      title={t('brand.coop.title', { name: kol?.name ?? '' })}
      data-testid="kol-coop-drawer"
      extra={
        open ? (
          <AddButton permission="digitize:brandKol:edit" onClick={() => setEditor({ mode: 'create' })} testId="kol-coop-add">
            {t('brand.coop.add')}
          </AddButton>
        ) : null
      }
    >
      {kol && !open && (
        <Typography.Paragraph type="secondary" data-testid="kol-coop-closed">
          {t('brand.coop.notAllowed')}
        </Typography.Paragraph>
      )}
      <QueryStates pending={rows.isPending && kol !== null} error={rows.error} onRetry={() => void rows.refetch()}>
        <FitTable<ep.Cooperation>
          dataSource={rows.data ?? []}
          loading={rows.isFetching}
          tableId="brand.cooperations"
          rowKey="id"
          size="small"
          pagination={false}
          locale={{ emptyText: t('brand.coop.empty') }}
          data-testid="kol-coop-list"
          columns={[
            {
              key: 'publishDay',
              priority: 'key',
              width: 110,
              title: t('brand.coop.column.publishDay'),
              render: (_, c) => c.publishDay ?? '—',
            },
            {
              key: 'platform',
              priority: 'key',
              width: 90,
              title: t('brand.coop.column.platform'),
              render: (_, c) => ep.PLATFORM_LABEL[c.platform],
            },
            {
              key: 'deliverable',
              priority: 'key',
              width: 180,
              ellipsis: true,
              title: t('brand.coop.column.deliverable'),
              render: (_, c) =>
                canEdit ? (
                  <Typography.Link onClick={() => setEditor({ mode: 'edit', record: c })} data-testid={`kol-coop-open-${c.id}`}>
                    {c.deliverable}
                  </Typography.Link>
                ) : (
                  c.deliverable
                ),
            },
            {
              key: 'project',
              priority: 'key',
              width: 160,
              ellipsis: true,
              title: t('brand.coop.column.project'),
              render: (_, c) => (c.project ? <Link to={`/viewExposure?id=${c.project.id}`}>{c.project.code}</Link> : '—'),
            },
            {
              key: 'cost',
              priority: 'key',
              width: 100,
              align: 'right',
              title: t('brand.coop.column.cost'),
              render: (_, c) => <MoneyCell value={c.cost} />,
            },
            {
              key: 'exposure',
              priority: 'key',
              width: 90,
              align: 'right',
              title: t('brand.coop.column.exposure'),
              render: (_, c) => <CountCell value={c.exposure} />,
            },
            {
              key: 'interactions',
              priority: 'key',
              width: 90,
              align: 'right',
              title: t('brand.coop.column.interactions'),
              render: (_, c) => <CountCell value={c.interactions} />,
            },
            actionsColumn(
              t,
              120,
              (_, c) => (
                <ActionLinks
                  actions={[
                    {
                      label: t('brand.kols.history'),
                      icon: <HistoryOutlined />,
                      testId: `kol-coop-history-${c.id}`,
                      onClick: () => setHistoryOf(c),
                    },
                    {
                      testId: `kol-coop-delete-${c.id}`,
                      permission: 'digitize:brandKol:delete',
                      remove: {
                        title: t('brand.coop.confirmDelete'),
                        onConfirm: () => void notify.run(() => del.mutateAsync(c.id), t('brand.coop.deleted')),
                        confirmTestId: 'kol-coop-delete-confirm',
                      },
                    },
                  ]}
                />
              ),
              { fixed: undefined },
            ),
          ]}
        />
      </QueryStates>
      {rows.data && rows.data.length > 0 && (
        <Flex justify="flex-end" style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">
            {t('brand.coop.total', {
              count: rows.data.length,
              cost: `US$ ${rows.data.reduce((s, c) => s + c.cost, 0).toLocaleString()}`,
            })}
          </Typography.Text>
        </Flex>
      )}
      <EditDrawer<ep.Cooperation, Values, ep.Cooperation>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => (e.mode === 'create' ? t('brand.coop.addTitle') : t('brand.coop.editTitle'))}
        schema={ep.cooperationBody}
        updateSchema={ep.cooperationUpdateBody}
        fields={[
          {
            name: 'projectId',
            input: 'select',
            label: t('brand.coop.field.project'),
            placeholder: t('brand.coop.field.projectNone'),
            options: projects.map((p) => ({ value: p.id, label: `${p.code} ${p.name}` })),
            testId: 'kol-coop-project',
          },
          {
            name: 'platform',
            input: 'select',
            label: t('brand.coop.field.platform'),
            span: 12,
            options: ep.KOL_PLATFORMS.map((p) => ({ value: p, label: ep.PLATFORM_LABEL[p] })),
            testId: 'kol-coop-platform',
          },
          {
            name: 'publishDay',
            input: 'date',
            label: t('brand.coop.field.publishDay'),
            span: 12,
            extra: t('brand.coop.field.publishHint'),
          },
          { name: 'deliverable', input: 'text', label: t('brand.coop.field.deliverable'), testId: 'kol-coop-deliverable' },
          {
            name: 'cost',
            input: 'number',
            label: t('brand.coop.field.cost'),
            span: 8,
            precision: 2,
            extra: t('brand.coop.field.costHint'),
            testId: 'kol-coop-cost',
          },
          { name: 'exposure', input: 'number', label: t('brand.coop.field.exposure'), span: 8, precision: 0 },
          { name: 'interactions', input: 'number', label: t('brand.coop.field.interactions'), span: 8, precision: 0 },
          { name: 'link', input: 'text', label: t('brand.coop.field.link'), placeholder: 'https://' },
        ]}
        initialValues={(e) =>
          e.mode === 'create' || !e.record
            ? {
                projectId: null,
                platform: kol?.handles[0]?.platform ?? 'TT',
                deliverable: '',
                publishDay: null,
                exposure: 0,
                interactions: 0,
                link: null,
              }
            : {
                projectId: e.record.project?.id ?? null,
                platform: e.record.platform,
                deliverable: e.record.deliverable,
                cost: e.record.cost,
                publishDay: e.record.publishDay,
                exposure: e.record.exposure,
                interactions: e.record.interactions,
                link: e.record.link,
              }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            kolId: kol?.id ?? 0,
            id: e.mode === 'edit' ? e.record.id : null,
            body: {
              projectId: v.projectId ?? null,
              platform: v.platform,
              deliverable: v.deliverable,
              cost: v.cost,
              publishDay: v.publishDay ?? null,
              exposure: v.exposure ?? 0,
              interactions: v.interactions ?? 0,
              link: v.link?.trim() ? v.link.trim() : null,
              version: e.mode === 'edit' ? e.record.version : 1,
            },
          })
        }
        savedText={() => t('brand.coop.saved')}
        testId="kol-coop-form"
        saveTestId="kol-coop-save"
      />
      <HistoryDrawer
        entity="brand_cooperation"
        entityId={historyOf?.id ?? null}
        name={historyOf?.deliverable ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          projectId: t('brand.coop.field.project'),
          platform: t('brand.coop.field.platform'),
          deliverable: t('brand.coop.field.deliverable'),
          cost: t('brand.coop.field.cost'),
          publishDay: t('brand.coop.field.publishDay'),
          exposure: t('brand.coop.field.exposure'),
          interactions: t('brand.coop.field.interactions'),
          link: t('brand.coop.field.link'),
        }}
      />
    </Drawer>
  );
}
