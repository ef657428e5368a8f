import { TRIAL_MACHINE, type Trial, TRIALS_PAGE, type TrialWinner, winners } from '@bo/contract/trials/trials';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Select, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Can, useCan } from '../../shared/Can';
import { Page } from '../../shared/components/PageHead';
import { QueryStates } from '../../shared/components/QueryStates';
import { useNotify } from '../../shared/components/use-notify';
import { useTexts } from '../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../shared/kit/HistoryDrawer';
import { ActionLinks } from '../../shared/kit/RowActions';
import { StateActions, StateTag } from '../../shared/kit/StateTag';
import { FitTable } from '../../shared/table/FitTable';
import { formatInstant } from './parts';
import { TRIAL_FIELD_LABELS } from './TrialsPage';
import {
  P,
  selectionsOfQuery,
  trialQuery,
  usePublishWinners,
  useReplaceWinner,
  useShipWinner,
  useTrialAction,
  winnersQuery,
} from './trials.queries';

/** /user-platform/h5ActivityMaking/editTrialWinners?id=: the draw, the winners in draw order, replace, ship, publish. */
export default function WinnersEditPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const trial = useQuery({ ...trialQuery(id), enabled: id > 0 });
  return (
    <QueryStates pending={trial.isPending} error={trial.error} onRetry={() => void trial.refetch()}>
      {trial.data && <WinnersOf trial={trial.data} />}
    </QueryStates>
  );
}

function DrawCard({ trial }: { trial: Trial }) {
  const { t } = useTexts();
  const notify = useNotify();
  const can = useCan();
  const move = useTrialAction();
  const options = useQuery(selectionsOfQuery(trial.id));
  const [selectionId, setSelectionId] = useState<number | null>(null);
  return (
    <Card title={t('trials.winners.draw')} data-testid="winners-draw">
      <Typography.Paragraph type="secondary">{t('trials.winners.drawHint')}</Typography.Paragraph>
      <Space>
        <Select
          style={{ width: 300 }}
          placeholder={t('trials.winners.selection')}
          value={selectionId}
          onChange={setSelectionId}
          options={(options.data?.list ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.matched})` }))}
          data-testid="winners-selection"
        />
        <StateActions
          machine={TRIAL_MACHINE}
          state={trial.state}
          only={['draw']}
          allow={() => selectionId !== null && can(`${TRIALS_PAGE}:edit`)}
          onAction={() =>
            void notify.run(
              () =>
                move.mutateAsync({ id: trial.id, action: 'draw', version: trial.version, selectionId: selectionId as number }),
              t('trials.winners.drawn'),
            )
          }
          busy={move.isPending ? 'draw' : null}
          testIdPrefix="winners"
        />
      </Space>
    </Card>
  );
}

function WinnersOf({ trial }: { trial: Trial }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const navigate = useNavigate();
  const can = useCan();
  const list = useQuery({ ...winnersQuery(trial.id), enabled: trial.draw !== null });
  const publish = usePublishWinners();
  const replace = useReplaceWinner();
  const ship = useShipWinner();
  const [replacing, setReplacing] = useState<Editor<TrialWinner> | null>(null);
  const [shipping, setShipping] = useState<Editor<TrialWinner> | null>(null);
  const [history, setHistory] = useState(false);
  const drawn = trial.state === 'drawn';
  const stateLabel = TRIAL_MACHINE.states[trial.state].label[lang === 'zh-CN' ? 'zh' : 'en'];
  const w = (k: 'rank' | 'name' | 'email' | 'country' | 'address' | 'state' | 'tracking') => t(`trials.winners.${k}`);
  return (
    <Page
      testId="page-trial-winners-edit"
      title={t('trials.winners.editTitle', { code: trial.code })}
      subtitle={t('trials.winners.subtitle')}
      extra={
        <Space>
          <Button onClick={() => setHistory(true)} data-testid="winners-history">
            {t('trials.common.history')}
          </Button>
          <Button onClick={() => navigate(`${P}/trialWinners`)}>{t('trials.common.back')}</Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size={16}>
        <Space>
          <StateTag machine={TRIAL_MACHINE} state={trial.state} />
          {trial.sku}
        </Space>
        {trial.state === 'closed' && <DrawCard trial={trial} />}
        {!trial.draw && trial.state !== 'closed' && (
          <Alert type="info" showIcon title={t('trials.winners.notDrawn', { state: stateLabel })} />
        )}
        {trial.draw && (
          <Card>
            <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="winners-draw-facts">
              <Descriptions.Item label={t('trials.winners.seed')}>
                <Typography.Text code copyable data-testid="winners-seed">
                  {trial.draw.seed}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('trials.winners.pool')}>{trial.draw.poolSize}</Descriptions.Item>
              <Descriptions.Item label={t('trials.winners.drawnBy')}>
                {trial.draw.drawnBy ?? '—'} · {formatInstant(trial.draw.drawnAt)}
              </Descriptions.Item>
              <Descriptions.Item label={t('trials.winners.publish')}>
                <Switch
                  checked={trial.winnersPublished}
                  disabled={!can(`${TRIALS_PAGE}:edit`)}
                  loading={publish.isPending}
                  data-testid="winners-publish"
                  onChange={(published) =>
                    void notify.run(
                      () => publish.mutateAsync({ id: trial.id, published, version: trial.version }),
                      published ? t('trials.winners.publishedNow') : t('trials.winners.unpublishedNow'),
                    )
                  }
                />
              </Descriptions.Item>
              <Descriptions.Item label={t('trials.winners.remaining', { count: list.data?.remaining ?? 0 })}>
                {trial.winners} / {trial.units}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        )}
        {trial.draw && (
          <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
            <FitTable<TrialWinner>
              tableId="trials.winners.list"
              rowKey="id"
              data-testid="winners-table"
              pagination={false}
              dataSource={list.data?.list ?? []}
              columns={[
                { key: 'rank', priority: 'key', width: 70, title: w('rank'), render: (_, r) => r.rank },
                { key: 'name', priority: 'key', width: 150, title: w('name'), render: (_, r) => r.name },
                { key: 'email', priority: 'key', width: 220, title: w('email'), render: (_, r) => r.email },
                { key: 'country', priority: 'normal', width: 70, title: w('country'), render: (_, r) => r.country },
                {
                  key: 'address',
                  priority: 'detail',
                  width: 240,
                  ellipsis: true,
                  title: w('address'),
                  render: (_, r) => r.address,
                },
                {
                  key: 'state',
                  priority: 'key',
                  width: 200,
                  title: w('state'),
                  render: (_, r) => (
                    <Space orientation="vertical" size={0}>
                      <Tag color={r.state === 'shipped' ? 'green' : r.state === 'replaced' ? 'default' : 'blue'}>
                        {t(`trials.winnerState.${r.state}`)}
                      </Tag>
                      {r.reason && <Typography.Text type="secondary">{r.reason}</Typography.Text>}
                    </Space>
                  ),
                },
                {
                  key: 'tracking',
                  priority: 'normal',
                  width: 200,
                  title: w('tracking'),
                  render: (_, r) => (r.trackingNo ? `${r.carrier} ${r.trackingNo}` : '—'),
                },
                {
                  key: 'actions',
                  priority: 'key',
                  width: 150,
                  title: '',
                  render: (_, r) => (
                    <ActionLinks
                      actions={[
                        {
                          key: 'replace',
                          label: t('trials.winners.replace'),
                          permission: `${TRIALS_PAGE}:edit`,
                          hidden: !drawn || r.state !== 'selected',
                          testId: `winner-replace-${r.id}`,
                          onClick: () => setReplacing({ mode: 'edit', record: r }),
                        },
                        {
                          key: 'ship',
                          label: t('trials.winners.ship'),
                          permission: `${TRIALS_PAGE}:edit`,
                          hidden: !drawn || r.state === 'replaced',
                          testId: `winner-ship-${r.id}`,
                          onClick: () => setShipping({ mode: 'edit', record: r }),
                        },
                      ]}
                    />
                  ),
                },
              ]}
            />
          </QueryStates>
        )}
      </Space>
      <Can permission={`${TRIALS_PAGE}:edit`}>
        <EditDrawer<TrialWinner, { reason: string }, TrialWinner>
          editor={replacing}
          onClose={() => setReplacing(null)}
          title={(e) => t('trials.winners.replaceTitle', { name: e.record?.name ?? '' })}
          schema={winners.replace.body}
          fields={[
            { name: 'reason', label: t('trials.winners.reason'), extra: t('trials.winners.reasonHint'), testId: 'winner-reason' },
          ]}
          initialValues={() => ({ reason: '' })}
          onSubmit={(v, e) =>
            replace.mutateAsync({
              id: (e.record as TrialWinner).id,
              reason: v.reason,
              version: (e.record as TrialWinner).version,
            })
          }
          savedText={() => t('trials.winners.replaced')}
          testId="winner-replace-form"
          saveTestId="winner-replace-save"
        />
        <EditDrawer<TrialWinner, { carrier: string; trackingNo: string }, TrialWinner>
          editor={shipping}
          onClose={() => setShipping(null)}
          title={(e) => t('trials.winners.shipTitle', { name: e.record?.name ?? '' })}
          schema={winners.ship.body}
          fields={[
            { name: 'carrier', label: t('trials.winners.carrier'), span: 12, testId: 'winner-carrier' },
            { name: 'trackingNo', label: t('trials.winners.trackingNo'), span: 12, testId: 'winner-tracking' },
          ]}
          initialValues={(e) => ({ carrier: e.record?.carrier ?? '', trackingNo: e.record?.trackingNo ?? '' })}
          onSubmit={(v, e) =>
            ship.mutateAsync({
              id: (e.record as TrialWinner).id,
              carrier: v.carrier,
              trackingNo: v.trackingNo,
              version: (e.record as TrialWinner).version,
            })
          }
          savedText={() => t('trials.winners.shipped')}
          testId="winner-ship-form"
          saveTestId="winner-ship-save"
        />
      </Can>
      <HistoryDrawer
        entity="trial"
        entityId={history ? trial.id : null}
        name={trial.code}
        onClose={() => setHistory(false)}
        fieldLabels={TRIAL_FIELD_LABELS(t)}
      />
    </Page>
  );
}
