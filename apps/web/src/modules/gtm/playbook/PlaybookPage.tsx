/**
 * /gtm/mgr: the account's GTM playbook. Ordered steps (move up and down), each with its names in
 * both languages, phase, day from the launch (T-60 … T+30), department and whether it is
 * required; added, edited, copied and deleted by the holders of the page's buttons; history for
 * everyone who sees it. Applying it to a project happens on /gtmSteps.
 */
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { createPlaybookStep, listPlaybook as ep, GTM_PHASES, type GtmPhase, type PlaybookStep } from '@bo/contract/gtm/playbook';
import { Button, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Can } from '../../../shared/Can';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { AddButton } from '../../../shared/kit/AddButton';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { RowActions } from '../../../shared/kit/RowActions';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { PhaseTag, usePhaseOptions } from '../components/phase-tag';
import {
  dayLabel,
  gtmKeys,
  useDeletePlaybookStep,
  useDeptOptions,
  useMovePlaybookStep,
  useSavePlaybookStep,
} from '../gtm.queries';

interface Values {
  nameZh: string;
  nameEn: string;
  phase: GtmPhase;
  offsetDays: number;
  deptId: number | null;
  required: boolean;
  description: string;
}

export default function PlaybookPage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const list = useKitList(ep, gtmKeys.playbook);
  const save = useSavePlaybookStep();
  const move = useMovePlaybookStep();
  const del = useDeletePlaybookStep();
  const phases = usePhaseOptions();
  const depts = useDeptOptions();
  const [editor, setEditor] = useState<Editor<PlaybookStep> | null>(null);
  const [historyOf, setHistoryOf] = useState<PlaybookStep | null>(null);
  const nameOf = (s: PlaybookStep) => (lang === 'en-US' ? s.nameEn : s.nameZh);
  const deptOf = (s: PlaybookStep) => (lang === 'en-US' && s.deptNameEn) || s.deptName;
  // Moving makes sense only in the playbook's own order, unfiltered.
  const canMove = list.query.sortField === 'sort' && list.query.sortOrder === 'asc' && !list.filtered;

  const mover = (s: PlaybookStep, direction: 'up' | 'down') => (
    <Tooltip title={t(direction === 'up' ? 'gtm.playbook.moveUp' : 'gtm.playbook.moveDown')}>
      <Button
        size="small"
        type="text"
        icon={direction === 'up' ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
        aria-label={t(direction === 'up' ? 'gtm.playbook.moveUp' : 'gtm.playbook.moveDown')}
        disabled={!canMove}
        loading={move.isPending && move.variables?.id === s.id && move.variables.direction === direction}
        onClick={() => void notify.run(() => move.mutateAsync({ id: s.id, direction, version: s.version }))}
        data-testid={`gtm-playbook-${direction}-${s.id}`}
      />
    </Tooltip>
  );

  const columns: KitColumn<PlaybookStep>[] = [
    {
      key: 'sort',
      sortable: true,
      priority: 'key',
      width: 100,
      title: t('gtm.playbook.column.sort'),
      render: (_, s) => (
        <Space size={0}>
          <Typography.Text type="secondary" style={{ display: 'inline-block', minWidth: 22 }}>
            {s.sort}
          </Typography.Text>
          <Can permission="gtm:mgr:edit">
            {mover(s, 'up')}
            {mover(s, 'down')}
          </Can>
        </Space>
      ),
    },
    {
      key: 'offsetDays',
      sortable: true,
      priority: 'key',
      width: 90,
      title: t('gtm.playbook.column.day'),
      render: (_, s) => <Typography.Text strong>{dayLabel(s.offsetDays)}</Typography.Text>,
    },
    {
      key: 'name',
      priority: 'key',
      width: 220,
      ellipsis: true,
      title: t('gtm.playbook.column.name'),
      render: (_, s) => (
        <Tooltip title={lang === 'en-US' ? s.nameZh : s.nameEn}>
          <span data-testid={`gtm-playbook-name-${s.id}`}>{nameOf(s)}</span>
        </Tooltip>
      ),
    },
    {
      key: 'phase',
      priority: 'key',
      width: 110,
      title: t('gtm.playbook.column.phase'),
      render: (_, s) => <PhaseTag phase={s.phase} />,
    },
    {
      key: 'dept',
      priority: 'normal',
      width: 130,
      ellipsis: true,
      title: t('gtm.playbook.column.dept'),
      render: (_, s) => deptOf(s) ?? <Typography.Text type="secondary">{t('gtm.playbook.noDept')}</Typography.Text>,
    },
    {
      key: 'required',
      priority: 'key',
      width: 80,
      title: t('gtm.playbook.column.required'),
      render: (_, s) => (
        <Tag color={s.required ? 'blue' : 'default'}>{s.required ? t('gtm.playbook.yes') : t('gtm.playbook.no')}</Tag>
      ),
    },
    {
      key: 'description',
      priority: 'detail',
      width: 260,
      ellipsis: true,
      title: t('gtm.playbook.column.description'),
      render: (_, s) => s.description || '—',
    },
    {
      key: 'updatedAt',
      sortable: true,
      priority: 'detail',
      width: 170,
      title: t('gtm.playbook.column.updatedAt'),
      render: (_, s) => `${formatDateTime(s.updatedAt)}${s.updatedBy ? ` · ${s.updatedBy}` : ''}`,
    },
    actionsColumn(t, 250, (_, s) => (
      <RowActions
        prefix="gtm-playbook"
        id={s.id}
        edit={{ permission: 'gtm:mgr:edit', onClick: () => setEditor({ mode: 'edit', record: s }) }}
        extra={
          <Can permission="gtm:mgr:create">
            <Button
              size="small"
              type="link"
              onClick={() => setEditor({ mode: 'copy', record: s })}
              data-testid={`gtm-playbook-copy-${s.id}`}
            >
              {t('gtm.playbook.copy')}
            </Button>
          </Can>
        }
        onHistory={() => setHistoryOf(s)}
        remove={{
          permission: 'gtm:mgr:delete',
          title: t('gtm.playbook.confirmDelete', { name: nameOf(s) }),
          onConfirm: () => void notify.run(() => del.mutateAsync(s.id), t('gtm.playbook.deleted', { name: nameOf(s) })),
        }}
      />
    )),
  ];

  return (
    <>
      <ListPage
        testId="page-gtm-playbook"
        texts="gtm.playbook"
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('gtm.playbook.search'), maxLength: 100, testId: 'gtm-playbook-search' },
          { kind: 'select', key: 'phase', placeholder: t('gtm.playbook.allPhases'), width: 140, options: phases },
          {
            kind: 'query-select',
            key: 'deptId',
            placeholder: t('gtm.playbook.allDepts'),
            width: 160,
            useOptions: () => depts,
          },
          {
            kind: 'select',
            key: 'required',
            placeholder: t('gtm.playbook.allRequired'),
            width: 160,
            options: [
              { value: 'true', label: t('gtm.playbook.requiredOnly') },
              { value: 'false', label: t('gtm.playbook.optionalOnly') },
            ],
          },
        ]}
        toolbar={
          <AddButton permission="gtm:mgr:create" onClick={() => setEditor({ mode: 'create' })} testId="gtm-playbook-create">
            {t('gtm.playbook.create')}
          </AddButton>
        }
        columns={columns}
        tableId="gtm.playbook"
        rowKey="id"
        tableTestId="gtm-playbook-table"
        emptyText={t('gtm.playbook.empty')}
      />
      <EditDrawer<PlaybookStep, Values, PlaybookStep>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) =>
          e.mode === 'edit'
            ? t('gtm.playbook.editTitle')
            : e.mode === 'copy'
              ? t('gtm.playbook.copyTitle')
              : t('gtm.playbook.createTitle')
        }
        schema={createPlaybookStep.body}
        fields={[
          {
            name: 'nameZh',
            input: 'bilingual',
            label: t('gtm.playbook.field.nameZh'),
            pair: { name: 'nameEn', label: t('gtm.playbook.field.nameEn'), testId: 'gtm-playbook-name-en' },
            testId: 'gtm-playbook-name-zh',
          },
          {
            name: 'phase',
            label: t('gtm.playbook.field.phase'),
            input: 'select',
            options: phases,
            span: 12,
            testId: 'gtm-playbook-phase',
          },
          {
            name: 'offsetDays',
            label: t('gtm.playbook.field.offsetDays'),
            input: 'number',
            span: 12,
            extra: t('gtm.playbook.offsetHint'),
            testId: 'gtm-playbook-offset',
          },
          {
            name: 'deptId',
            label: t('gtm.playbook.field.deptId'),
            input: <Select allowClear options={depts.options as never} loading={depts.loading} data-testid="gtm-playbook-dept" />,
            span: 12,
          },
          {
            name: 'required',
            label: t('gtm.playbook.field.required'),
            input: 'switch',
            span: 12,
            testId: 'gtm-playbook-required',
          },
          { name: 'description', label: t('gtm.playbook.field.description'), input: 'textarea' },
        ]}
        initialValues={(e) =>
          e.record
            ? {
                nameZh: e.mode === 'copy' ? `${e.record.nameZh} 副本` : e.record.nameZh,
                nameEn: e.mode === 'copy' ? `${e.record.nameEn} copy` : e.record.nameEn,
                phase: e.record.phase,
                offsetDays: e.record.offsetDays,
                deptId: e.record.deptId,
                required: e.record.required,
                description: e.record.description,
              }
            : { nameZh: '', nameEn: '', phase: GTM_PHASES[0], offsetDays: -30, deptId: null, required: true, description: '' }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            version: e.mode === 'edit' ? e.record.version : undefined,
            body: {
              nameZh: v.nameZh,
              nameEn: v.nameEn,
              phase: v.phase,
              offsetDays: v.offsetDays,
              deptId: v.deptId ?? null,
              required: v.required ?? true,
              description: v.description ?? '',
            },
          })
        }
        savedText={(s) => t('gtm.playbook.saved', { name: nameOf(s) })}
        conflict={() => ({ field: 'nameZh', text: t('gtm.playbook.taken') })}
        testId="gtm-playbook-form"
        saveTestId="gtm-playbook-save"
      />
      <HistoryDrawer
        entity="gtm_playbook_step"
        entityId={historyOf?.id ?? null}
        name={historyOf ? nameOf(historyOf) : ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          sort: t('gtm.playbook.field.sort'),
          nameZh: t('gtm.playbook.field.nameZh'),
          nameEn: t('gtm.playbook.field.nameEn'),
          phase: t('gtm.playbook.field.phase'),
          offsetDays: t('gtm.playbook.field.offsetDays'),
          deptId: t('gtm.playbook.field.deptId'),
          required: t('gtm.playbook.field.required'),
          description: t('gtm.playbook.field.description'),
        }}
        formatValue={(field, value) =>
          field === 'phase' && typeof value === 'string'
            ? t(`gtm.phase.${value as GtmPhase}`)
            : field === 'offsetDays' && typeof value === 'number'
              ? dayLabel(value)
              : undefined
        }
      />
    </>
  );
}
