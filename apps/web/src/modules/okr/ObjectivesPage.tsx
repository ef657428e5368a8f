/**
 * The objectives of one list type (spec §2.6): one kit list screen declared four times, the list
 * type fixed by the route (/okrMgr/gtm 1, /okrMgr/keyProject 0, /okrMgr/development 21,
 * /okrMgr/improvement 31). Filters quarter, owner, department, state, keyword; the objective
 * with its key results in an EditDrawer; publish and close from OBJECTIVE_MACHINE; history.
 */
import { PlusOutlined } from '@ant-design/icons';
import * as ep from '@bo/contract/okr/okr';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ButtonPattern, Can } from '../../shared/Can';
import { DeleteAction } from '../../shared/components/DeleteAction';
import { useNotify } from '../../shared/components/use-notify';
import { formatDateTime } from '../../shared/format';
import { useLang } from '../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { StateActions, StateTag } from '../../shared/kit/StateTag';
import { useKitList } from '../../shared/kit/use-list-query';
import { actionsColumn } from '../../shared/table/FitTable';
import {
  currentQuarter,
  okrKeys,
  optionHooks,
  useDeleteObjective,
  useObjectiveAction,
  useOkrOptions,
  useSaveObjective,
} from './okr.queries';
import { blankKr, KeyResultsInput, type KrValue, keyResultsOf, LIST_KEY, ScoreBar } from './okr-parts';

interface Values {
  quarter: string;
  title: string;
  description: string;
  ownerId: number | undefined;
  projectId: number | null;
  keyResults: KrValue[];
}

const HOOKS = Object.fromEntries(ep.OKR_LIST_TYPES.map((t) => [t, optionHooks(t)])) as Record<
  ep.OkrListType,
  ReturnType<typeof optionHooks>
>;

function ObjectivesPage({ listType }: { listType: ep.OkrListType }) {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const notify = useNotify();
  const page = ep.OKR_LIST_PAGE[listType];
  const list = useKitList(ep.listObjectives, okrKeys.objectives, { listType });
  const options = useOkrOptions(listType);
  const save = useSaveObjective();
  const move = useObjectiveAction();
  const del = useDeleteObjective();
  const [editor, setEditor] = useState<Editor<ep.Objective> | null>(null);
  const [historyOf, setHistoryOf] = useState<ep.Objective | null>(null);
  const hooks = HOOKS[listType];

  const run = (o: ep.Objective, action: ep.ObjectiveAction) =>
    notify.run(() => move.mutateAsync({ id: o.id, action, version: o.version }), t(`okr.${action}Done`, { title: o.title }));

  const columns: KitColumn<ep.Objective>[] = [
    {
      key: 'title',
      sortable: true,
      priority: 'key',
      width: 240,
      ellipsis: true,
      title: t('okr.column.title'),
      render: (_, o) => (
        <Typography.Link onClick={() => setEditor({ mode: 'edit', record: o })} data-testid={`okr-objective-${o.id}`}>
          {o.title}
        </Typography.Link>
      ),
    },
    { key: 'quarter', sortable: true, priority: 'key', width: 80, title: t('okr.column.quarter'), render: (_, o) => o.quarter },
    { key: 'owner', priority: 'key', width: 100, ellipsis: true, title: t('okr.column.owner'), render: (_, o) => o.owner.name },
    {
      key: 'dept',
      priority: 'detail',
      width: 120,
      ellipsis: true,
      title: t('okr.column.dept'),
      render: (_, o) => o.dept?.name ?? '—',
    },
    {
      key: 'project',
      priority: 'detail',
      width: 160,
      ellipsis: true,
      title: t('okr.column.project'),
      render: (_, o) => (o.project ? `${o.project.code} ${o.project.name}` : '—'),
    },
    { key: 'keyResults', width: 80, title: t('okr.column.keyResults'), render: (_, o) => o.keyResults.length },
    {
      key: 'score',
      priority: 'key',
      width: 140,
      title: t('okr.column.score'),
      render: (_, o) => <ScoreBar score={o.score} testId={`okr-score-${o.id}`} />,
    },
    {
      key: 'state',
      priority: 'key',
      width: 90,
      title: t('okr.column.state'),
      render: (_, o) => <StateTag machine={ep.OBJECTIVE_MACHINE} state={o.state} testId={`okr-state-${o.id}`} />,
    },
    {
      key: 'updatedAt',
      sortable: true,
      priority: 'detail',
      width: 150,
      title: t('okr.column.updatedAt'),
      render: (_, o) => formatDateTime(o.updatedAt),
    },
    actionsColumn(t, 220, (_, o) => (
      <Space size={4}>
        <StateActions
          machine={ep.OBJECTIVE_MACHINE}
          state={o.state}
          allow={() => o.editable}
          onAction={(a) => void run(o, a)}
          busy={move.isPending && move.variables?.id === o.id ? move.variables.action : null}
          testIdPrefix={`okr-${o.id}`}
        />
        {listType === 1 && (
          <Link to={`/gtm/details?id=${o.id}`} data-testid={`okr-details-${o.id}`}>
            {t('okr.details')}
          </Link>
        )}
        <Typography.Link onClick={() => setHistoryOf(o)} data-testid={`okr-history-${o.id}`}>
          {t('okr.history')}
        </Typography.Link>
        {o.state === 'draft' && o.editable && (
          <Can permission={`${page}:delete` as ButtonPattern}>
            <DeleteAction
              title={t('okr.confirmDelete', { title: o.title })}
              onConfirm={() => void notify.run(() => del.mutateAsync(o.id), t('okr.deleted', { title: o.title }))}
              testId={`okr-delete-${o.id}`}
              confirmTestId="okr-delete-confirm"
            />
          </Can>
        )}
      </Space>
    )),
  ];

  const stateLabel = (s: ep.ObjectiveState) => ep.OBJECTIVE_MACHINE.states[s].label[zh ? 'zh' : 'en'];

  return (
    <>
      <ListPage
        testId={`page-okr-${listType}`}
        title={t(`okr.list.${LIST_KEY[listType]}.title`)}
        subtitle={t(`okr.list.${LIST_KEY[listType]}.subtitle`)}
        list={list}
        filters={[
          {
            kind: 'query-select',
            key: 'quarter',
            placeholder: t('okr.allQuarters'),
            width: 130,
            useOptions: hooks.quarters,
            testId: 'okr-quarter',
          },
          { kind: 'query-select', key: 'ownerId', placeholder: t('okr.allOwners'), width: 150, useOptions: hooks.people },
          { kind: 'query-select', key: 'deptId', placeholder: t('okr.allDepts'), width: 150, useOptions: hooks.depts },
          {
            kind: 'select',
            key: 'state',
            placeholder: t('okr.allStates'),
            width: 120,
            options: ep.OBJECTIVE_STATES.map((s) => ({ value: s, label: stateLabel(s) })),
          },
          { kind: 'text', key: 'keyword', placeholder: t('okr.search'), maxLength: 100, testId: 'okr-search' },
        ]}
        toolbar={
          <Can permission={`${page}:create` as ButtonPattern}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'create' })} data-testid="okr-create">
              {t('okr.create')}
            </Button>
          </Can>
        }
        columns={columns}
        tableId={`okr.objectives.${listType}`}
        rowKey="id"
        tableTestId="okr-objectives"
        emptyText={t('okr.empty')}
      />
      <EditDrawer<ep.Objective, Values, ep.Objective>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => (e.mode === 'create' ? t('okr.createTitle') : e.record.editable ? t('okr.editTitle') : t('okr.viewTitle'))}
        schema={ep.createObjectiveBody}
        updateSchema={ep.updateObjectiveBody}
        width={760}
        readOnly={(e) => e.mode === 'edit' && !e.record.editable}
        fields={[
          {
            name: 'quarter',
            input: 'text',
            label: t('okr.field.quarter'),
            extra: t('okr.field.quarterHint'),
            span: 8,
            testId: 'okr-form-quarter',
          },
          { name: 'title', input: 'text', label: t('okr.field.title'), span: 16, testId: 'okr-form-title' },
          { name: 'description', input: 'textarea', label: t('okr.field.description') },
          {
            name: 'ownerId',
            input: 'select',
            label: t('okr.field.owner'),
            extra: t('okr.field.ownerHint'),
            placeholder: t('okr.field.ownerHint'),
            span: 12,
            options: (options.data?.people ?? []).map((p) => ({ value: p.id, label: p.name })),
          },
          {
            name: 'projectId',
            input: 'select',
            label: t('okr.field.project'),
            extra: t('okr.field.projectHint'),
            placeholder: t('okr.field.noProject'),
            span: 12,
            options: (options.data?.projects ?? []).map((p) => ({ value: p.id, label: `${p.code} ${p.name}` })),
            testId: 'okr-form-project',
          },
          { name: 'keyResults', label: t('okr.field.keyResults'), bare: true, input: <KeyResultsInput /> },
        ]}
        initialValues={(e) =>
          e.mode === 'create' || !e.record
            ? { quarter: currentQuarter(), title: '', description: '', projectId: null, keyResults: [blankKr()] }
            : {
                quarter: e.record.quarter,
                title: e.record.title,
                description: e.record.description,
                ownerId: e.record.owner.id,
                projectId: e.record.project?.id ?? null,
                keyResults: e.record.keyResults.map((k) => ({
                  id: k.id,
                  title: k.title,
                  weight: k.weight,
                  kind: k.kind,
                  metric: k.metric,
                  target: k.target,
                  unit: k.unit,
                })),
              }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            listType,
            body: {
              quarter: v.quarter,
              title: v.title,
              description: v.description ?? '',
              ...(v.ownerId ? { ownerId: v.ownerId } : {}),
              projectId: v.projectId ?? null,
              keyResults: keyResultsOf(v.keyResults),
              version: e.mode === 'edit' ? e.record.version : 1,
            },
          })
        }
        savedText={(o) => t('okr.saved', { title: o.title })}
        testId="okr-form"
        saveTestId="okr-save"
      />
      <HistoryDrawer
        entity="okr_objective"
        entityId={historyOf?.id ?? null}
        name={historyOf?.title ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          quarter: t('okr.column.quarter'),
          title: t('okr.column.title'),
          description: t('okr.field.description'),
          owner: t('okr.column.owner'),
          dept: t('okr.column.dept'),
          project: t('okr.column.project'),
          state: t('okr.column.state'),
          keyResults: t('okr.column.keyResults'),
          keyResult: t('okr.column.kr'),
          value: t('okr.kr.value'),
          score: t('okr.column.score'),
          comment: t('okr.kr.comment'),
        }}
      />
    </>
  );
}

export const GtmObjectives = () => <ObjectivesPage listType={1} />;
export const KeyProjectObjectives = () => <ObjectivesPage listType={0} />;
export const DevelopmentObjectives = () => <ObjectivesPage listType={21} />;
export const ImprovementObjectives = () => <ObjectivesPage listType={31} />;
