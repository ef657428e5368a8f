import { TRIAL_MACHINE, type Trial, trials } from '@bo/contract/trials/trials';
import { Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTexts } from '../../shared/i18n/lang';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { ActionLinks } from '../../shared/kit/RowActions';
import { StateTag } from '../../shared/kit/StateTag';
import { useKitList } from '../../shared/kit/use-list-query';
import { actionsColumn } from '../../shared/table/FitTable';
import { formatInstant, pickText } from './parts';
import { P, trialKeys } from './trials.queries';

const DRAW_STATES = ['closed', 'drawn', 'finished'] as const;

/** /user-platform/h5ActivityMaking/trialWinners: the trials to draw and drawn, with their winners; each managed on its page. */
export default function WinnersPage() {
  const { t, lang } = useTexts();
  const navigate = useNavigate();
  const list = useKitList(trials.list, [...trialKeys.trials, 'draws']);
  const c = (k: 'code' | 'title' | 'units' | 'applications' | 'winners' | 'state') => t(`trials.trials.column.${k}`);
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
    { key: 'units', priority: 'normal', width: 80, title: c('units'), render: (_, r) => r.units },
    {
      key: 'pool',
      priority: 'normal',
      width: 100,
      title: t('trials.winners.column.pool'),
      render: (_, r) => r.draw?.poolSize ?? '—',
    },
    { key: 'winners', priority: 'key', width: 120, title: c('winners'), render: (_, r) => `${r.winners} / ${r.shipped}` },
    {
      key: 'drawnAt',
      priority: 'normal',
      width: 150,
      title: t('trials.winners.column.drawnAt'),
      render: (_, r) => formatInstant(r.draw?.drawnAt),
    },
    {
      key: 'published',
      priority: 'normal',
      width: 100,
      title: t('trials.winners.column.published'),
      render: (_, r) =>
        r.winnersPublished ? (
          <Tag color="green">{t('trials.winners.published')}</Tag>
        ) : (
          <Tag>{t('trials.winners.unpublished')}</Tag>
        ),
    },
    {
      key: 'state',
      priority: 'key',
      width: 100,
      title: c('state'),
      render: (_, r) => <StateTag machine={TRIAL_MACHINE} state={r.state} />,
    },
    actionsColumn(t, 110, (_, r) => (
      <ActionLinks
        actions={[
          {
            key: 'manage',
            label: t('trials.winners.manage'),
            testId: `winners-manage-${r.id}`,
            onClick: () => navigate(`${P}/editTrialWinners?id=${r.id}`),
          },
        ]}
      />
    )),
  ];
  return (
    <ListPage
      testId="page-trial-winners"
      texts="trials.winners"
      list={list}
      filters={[
        { kind: 'text', key: 'keyword', placeholder: t('trials.trials.search'), maxLength: 100 },
        {
          kind: 'select',
          key: 'state',
          placeholder: t('trials.trials.allStates'),
          width: 130,
          options: DRAW_STATES.map((s) => ({ value: s, label: TRIAL_MACHINE.states[s].label[lang === 'zh-CN' ? 'zh' : 'en'] })),
        },
      ]}
      columns={columns}
      tableId="trials.winners"
      rowKey="id"
      emptyText={t('trials.winners.empty')}
    />
  );
}
