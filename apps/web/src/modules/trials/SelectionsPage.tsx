import { type Selection, selections, TRIALS_PAGE } from '@bo/contract/trials/trials';
import { useQuery } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
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
import { P, trialChoicesQuery, trialKeys, useDeleteSelection } from './trials.queries';

/** /user-platform/h5ActivityMaking/selectUser: saved selections of applicants; edit opens their page; history; delete (not frozen). */
export default function SelectionsPage() {
  const { t } = useTexts();
  const notify = useNotify();
  const navigate = useNavigate();
  const list = useKitList(selections.list, trialKeys.selections);
  const trialsChoice = useQuery(trialChoicesQuery());
  const del = useDeleteSelection();
  const [historyOf, setHistoryOf] = useState<Selection | null>(null);
  const c = (k: 'name' | 'trial' | 'matched' | 'frozen') => t(`trials.selections.column.${k}`);
  const columns: KitColumn<Selection>[] = [
    { key: 'name', priority: 'key', width: 220, title: c('name'), render: (_, s) => s.name },
    {
      key: 'trial',
      priority: 'key',
      width: 190,
      title: c('trial'),
      render: (_, s) => <Typography.Text code>{s.trialCode}</Typography.Text>,
    },
    { key: 'matched', priority: 'key', width: 100, title: c('matched'), render: (_, s) => s.matched },
    {
      key: 'frozen',
      priority: 'key',
      width: 100,
      title: c('frozen'),
      render: (_, s) =>
        s.frozen ? <Tag color="blue">{t('trials.selections.frozen')}</Tag> : <Tag>{t('trials.selections.open')}</Tag>,
    },
    {
      key: 'updatedAt',
      priority: 'detail',
      width: 160,
      title: t('trials.common.updatedAt'),
      render: (_, s) => formatDateTime(s.updatedAt),
    },
    actionsColumn(t, 200, (_, s) => (
      <ActionLinks
        actions={[
          {
            key: 'edit',
            label: t('trials.common.edit'),
            testId: `selection-edit-${s.id}`,
            onClick: () => navigate(`${P}/editSelectUser?id=${s.id}`),
          },
          {
            key: 'history',
            label: t('trials.common.history'),
            testId: `selection-history-${s.id}`,
            onClick: () => setHistoryOf(s),
          },
          {
            key: 'delete',
            permission: `${TRIALS_PAGE}:delete`,
            hidden: s.frozen,
            testId: `selection-delete-${s.id}`,
            remove: {
              title: t('trials.selections.confirmDelete', { name: s.name }),
              onConfirm: () => void notify.run(() => del.mutateAsync(s.id), t('trials.selections.deleted')),
            },
          },
        ]}
      />
    )),
  ];
  return (
    <>
      <ListPage
        testId="page-trial-selections"
        texts="trials.selections"
        list={list}
        filters={[
          {
            kind: 'select',
            key: 'trialId',
            placeholder: t('trials.common.allTrials'),
            width: 220,
            options: (trialsChoice.data?.list ?? []).map((x) => ({ value: String(x.id), label: x.code })),
          },
        ]}
        toolbar={
          <AddButton
            permission={`${TRIALS_PAGE}:create`}
            onClick={() => navigate(`${P}/editSelectUser`)}
            testId="selection-create"
          >
            {t('trials.selections.create')}
          </AddButton>
        }
        columns={columns}
        tableId="trials.selections"
        rowKey="id"
        emptyText={t('trials.selections.empty')}
      />
      <HistoryDrawer
        entity="trial_selection"
        entityId={historyOf?.id ?? null}
        name={historyOf?.name ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{ name: c('name'), trialId: c('trial'), matched: c('matched'), rules: t('trials.selections.title') }}
      />
    </>
  );
}
