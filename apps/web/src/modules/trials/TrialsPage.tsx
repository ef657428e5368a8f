import { TRIAL_MACHINE, TRIAL_STATES, type Trial, TRIALS_PAGE, trials } from '@bo/contract/trials/trials';
import { Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCan } from '../../shared/Can';
import { useNotify } from '../../shared/components/use-notify';
import { useTexts } from '../../shared/i18n/lang';
import { AddButton } from '../../shared/kit/AddButton';
import { HistoryDrawer } from '../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { ActionLinks } from '../../shared/kit/RowActions';
import { StateActions, StateTag } from '../../shared/kit/StateTag';
import { useKitList } from '../../shared/kit/use-list-query';
import { actionsColumn } from '../../shared/table/FitTable';
import { formatInstant, pickText } from './parts';
import { P, trialKeys, useDeleteTrial, useTrialAction } from './trials.queries';

export const TRIAL_FIELD_LABELS = (t: ReturnType<typeof useTexts>['t']) => ({
  code: t('trials.trials.code'),
  sku: t('trials.trials.sku'),
  titleZh: t('trials.trials.titleZh'),
  titleEn: t('trials.trials.titleEn'),
  units: t('trials.trials.units'),
  countries: t('trials.trials.countries'),
  applyStart: t('trials.trials.applyStart'),
  applyEnd: t('trials.trials.applyEnd'),
  fields: t('trials.trials.fields'),
  questionnaire: t('trials.trials.questionnaire'),
  state: t('trials.trials.column.state'),
  seed: t('trials.winners.seed'),
  poolSize: t('trials.winners.pool'),
  reason: t('trials.winners.reason'),
  carrier: t('trials.winners.carrier'),
  trackingNo: t('trials.winners.trackingNo'),
  winnersPublished: t('trials.winners.column.published'),
});

/** /user-platform/h5ActivityMaking/trialApply: the trials, their state moves, history and delete (drafts). */
export default function TrialsPage() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const navigate = useNavigate();
  const can = useCan();
  const list = useKitList(trials.list, trialKeys.trials);
  const move = useTrialAction();
  const del = useDeleteTrial();
  const [historyOf, setHistoryOf] = useState<Trial | null>(null);
  const c = (k: keyof typeof import('./trials.locale').trialsZhCN.trials.column) => t(`trials.trials.column.${k}`);
  const columns: KitColumn<Trial>[] = [
    {
      key: 'code',
      priority: 'key',
      width: 170,
      title: c('code'),
      render: (_, r) => <Typography.Text code>{r.code}</Typography.Text>,
    },
    {
      key: 'title',
      priority: 'key',
      width: 200,
      ellipsis: true,
      title: c('title'),
      render: (_, r) => pickText(lang, r.titleZh, r.titleEn),
    },
    { key: 'sku', priority: 'normal', width: 130, title: c('sku'), render: (_, r) => r.sku },
    { key: 'units', priority: 'normal', width: 80, title: c('units'), render: (_, r) => r.units },
    {
      key: 'applyStart',
      sortable: true,
      priority: 'normal',
      width: 250,
      title: c('window'),
      render: (_, r) => `${formatInstant(r.applyStart)} – ${formatInstant(r.applyEnd)}`,
    },
    { key: 'applications', priority: 'key', width: 90, title: c('applications'), render: (_, r) => r.applications },
    { key: 'winners', priority: 'normal', width: 120, title: c('winners'), render: (_, r) => `${r.winners} / ${r.shipped}` },
    {
      key: 'state',
      priority: 'key',
      width: 100,
      title: c('state'),
      render: (_, r) => <StateTag machine={TRIAL_MACHINE} state={r.state} testId={`trial-state-${r.id}`} />,
    },
    actionsColumn(t, 320, (_, r) => (
      <>
        <StateActions
          machine={TRIAL_MACHINE}
          state={r.state}
          // The draw needs a selection: it runs from the winners page.
          allow={(a) => a !== 'draw' && can(`${TRIALS_PAGE}:edit`)}
          onAction={(action) =>
            void notify.run(
              () => move.mutateAsync({ id: r.id, action, version: r.version }),
              (after) =>
                t('trials.trials.moved', {
                  code: r.code,
                  state: TRIAL_MACHINE.states[after.state].label[lang === 'zh-CN' ? 'zh' : 'en'],
                }),
            )
          }
          busy={move.isPending && move.variables?.id === r.id ? move.variables.action : null}
          testIdPrefix={`trial-${r.id}`}
        />
        <ActionLinks
          actions={[
            {
              key: 'edit',
              label: t('trials.common.edit'),
              testId: `trial-edit-${r.id}`,
              onClick: () => navigate(`${P}/editTrialApply?id=${r.id}`),
            },
            {
              key: 'history',
              label: t('trials.common.history'),
              testId: `trial-history-${r.id}`,
              onClick: () => setHistoryOf(r),
            },
            {
              key: 'delete',
              permission: `${TRIALS_PAGE}:delete`,
              hidden: r.state !== 'draft',
              testId: `trial-delete-${r.id}`,
              remove: {
                title: t('trials.trials.confirmDelete', { code: r.code }),
                onConfirm: () => void notify.run(() => del.mutateAsync(r.id), t('trials.trials.deleted')),
              },
            },
          ]}
        />
      </>
    )),
  ];
  return (
    <>
      <ListPage
        testId="page-trials"
        texts="trials.trials"
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('trials.trials.search'), maxLength: 100, testId: 'trial-search' },
          {
            kind: 'select',
            key: 'state',
            placeholder: t('trials.trials.allStates'),
            width: 130,
            options: TRIAL_STATES.map((s) => ({
              value: s,
              label: TRIAL_MACHINE.states[s].label[lang === 'zh-CN' ? 'zh' : 'en'],
            })),
          },
        ]}
        toolbar={
          <AddButton permission={`${TRIALS_PAGE}:create`} onClick={() => navigate(`${P}/editTrialApply`)} testId="trial-create">
            {t('trials.trials.create')}
          </AddButton>
        }
        columns={columns}
        tableId="trials.trials"
        rowKey="id"
        tableTestId="trials-table"
        emptyText={t('trials.trials.empty')}
      />
      <HistoryDrawer
        entity="trial"
        entityId={historyOf?.id ?? null}
        name={historyOf?.code ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={TRIAL_FIELD_LABELS(t)}
      />
    </>
  );
}
