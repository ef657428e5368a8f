import { type Questionnaire, questionnaires, TRIALS_PAGE } from '@bo/contract/trials/trials';
import { Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../shared/components/use-notify';
import { formatDateTime } from '../../shared/format';
import { useTexts } from '../../shared/i18n/lang';
import { AddButton } from '../../shared/kit/AddButton';
import { HistoryDrawer } from '../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { ActionLinks } from '../../shared/kit/RowActions';
import { useKitList } from '../../shared/kit/use-list-query';
import { actionsColumn } from '../../shared/table/FitTable';
import { P, trialKeys, useCopyQuestionnaire, useDeleteQuestionnaire } from './trials.queries';

/** /user-platform/h5ActivityMaking/trialQuestionnaire: question sets; edit opens their page, copy, history, delete (unused only). */
export default function QuestionnairesPage() {
  const { t } = useTexts();
  const notify = useNotify();
  const navigate = useNavigate();
  const list = useKitList(questionnaires.list, trialKeys.questionnaires);
  const copy = useCopyQuestionnaire();
  const del = useDeleteQuestionnaire();
  const [historyOf, setHistoryOf] = useState<Questionnaire | null>(null);
  const c = (k: 'name' | 'questions' | 'usedBy' | 'locked') => t(`trials.questionnaires.column.${k}`);
  const columns: KitColumn<Questionnaire>[] = [
    { key: 'name', priority: 'key', width: 240, title: c('name'), render: (_, q) => q.name },
    { key: 'questions', priority: 'key', width: 90, title: c('questions'), render: (_, q) => q.questions.length },
    { key: 'usedBy', priority: 'normal', width: 120, title: c('usedBy'), render: (_, q) => q.usedBy },
    {
      key: 'locked',
      priority: 'key',
      width: 100,
      title: c('locked'),
      render: (_, q) =>
        q.locked ? (
          <Tag color="orange">{t('trials.questionnaires.locked')}</Tag>
        ) : (
          <Tag>{t('trials.questionnaires.editable')}</Tag>
        ),
    },
    {
      key: 'updatedAt',
      priority: 'detail',
      width: 160,
      title: t('trials.common.updatedAt'),
      render: (_, q) => formatDateTime(q.updatedAt),
    },
    actionsColumn(t, 230, (_, q) => (
      <ActionLinks
        actions={[
          {
            key: 'edit',
            label: t('trials.common.edit'),
            testId: `questionnaire-edit-${q.id}`,
            onClick: () => navigate(`${P}/editTrialQuestionnaire?id=${q.id}`),
          },
          {
            key: 'copy',
            label: t('trials.questionnaires.copy'),
            permission: `${TRIALS_PAGE}:create`,
            testId: `questionnaire-copy-${q.id}`,
            onClick: () =>
              void notify.run(
                () => copy.mutateAsync(q.id),
                (made) => t('trials.questionnaires.copied', { name: made.name }),
              ),
          },
          {
            key: 'history',
            label: t('trials.common.history'),
            testId: `questionnaire-history-${q.id}`,
            onClick: () => setHistoryOf(q),
          },
          {
            key: 'delete',
            permission: `${TRIALS_PAGE}:delete`,
            hidden: q.usedBy > 0,
            testId: `questionnaire-delete-${q.id}`,
            remove: {
              title: t('trials.questionnaires.confirmDelete', { name: q.name }),
              onConfirm: () => void notify.run(() => del.mutateAsync(q.id), t('trials.questionnaires.deleted')),
            },
          },
        ]}
      />
    )),
  ];
  return (
    <>
      <ListPage
        testId="page-trial-questionnaires"
        texts="trials.questionnaires"
        list={list}
        filters={[{ kind: 'text', key: 'keyword', placeholder: t('trials.questionnaires.search'), maxLength: 100 }]}
        toolbar={
          <AddButton
            permission={`${TRIALS_PAGE}:create`}
            onClick={() => navigate(`${P}/editTrialQuestionnaire`)}
            testId="questionnaire-create"
          >
            {t('trials.questionnaires.create')}
          </AddButton>
        }
        columns={columns}
        tableId="trials.questionnaires"
        rowKey="id"
        emptyText={t('trials.questionnaires.empty')}
      />
      <HistoryDrawer
        entity="trial_questionnaire"
        entityId={historyOf?.id ?? null}
        name={historyOf?.name ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{ name: c('name'), questions: t('trials.questionnaires.questions') }}
      />
    </>
  );
}
