/**
 * /performance/view?id=: one review read-only: the self part, the leader part (to the employee
 * once completed), the acknowledgement, the timeline of its moves and the change history. Its
 * buttons are the moves the server allows the caller now (REVIEW_MACHINE through `actions`);
 * a return asks for the remark the server requires.
 */
import { HistoryOutlined } from '@ant-design/icons';
import { actionLabel } from '@bo/contract';
import * as ep from '@bo/contract/growth/performance';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Row, Space, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../shared/components/PageHead';
import { QueryStates } from '../../shared/components/QueryStates';
import { useNotify } from '../../shared/components/use-notify';
import { formatDateTime } from '../../shared/format';
import { useLang } from '../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../shared/kit/HistoryDrawer';
import { StateActions, StateTag } from '../../shared/kit/StateTag';
import { reviewQuery, useReviewAction, useReviewEvents } from './growth.queries';
import { RatingTag, ScoresView } from './growth-parts';
import { useReviewId } from './review-page';
import { SelfPartView } from './SelfPartView';

export default function ReviewViewPage() {
  const id = useReviewId();
  const review = useQuery(reviewQuery(id));
  return (
    <QueryStates pending={id > 0 && review.isPending} error={review.error} onRetry={() => void review.refetch()}>
      {review.data && <ReviewView review={review.data} />}
    </QueryStates>
  );
}

function Timeline_({ review }: { review: ep.Review }) {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const events = useReviewEvents(review.id);
  const list = events.data ?? [];
  return (
    <Card size="small" title={t('growth.view.timeline')} loading={events.isPending} data-testid="growth-timeline">
      {list.length === 0 ? (
        <Typography.Text type="secondary">{t('growth.view.noEvents')}</Typography.Text>
      ) : (
        <Timeline
          items={list.map((e) => {
            const step = ep.REVIEW_MACHINE.transitions.find((x) => x.action === e.action);
            return {
              color: e.action === 'return' ? 'red' : e.to === 'acknowledged' ? 'green' : 'blue',
              content: (
                <div>
                  <Space size={6}>
                    <Typography.Text strong>{step ? actionLabel(step, zh ? 'zh-CN' : 'en-US') : e.action}</Typography.Text>
                    <StateTag machine={ep.REVIEW_MACHINE} state={e.to} />
                  </Space>
                  <div>
                    <Typography.Text type="secondary">
                      {e.by}
                      {e.realBy ? t('growth.view.realBy', { real: e.realBy }) : ''} · {formatDateTime(e.at)}
                    </Typography.Text>
                  </div>
                  {e.remark && (
                    <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{e.remark}</Typography.Paragraph>
                  )}
                </div>
              ),
            };
          })}
        />
      )}
    </Card>
  );
}

function ReviewView({ review }: { review: ep.Review }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const move = useReviewAction();
  const [history, setHistory] = useState(false);
  const [returning, setReturning] = useState<Editor<ep.Review> | null>(null);
  const run = (action: ep.ReviewAction, remark = '') =>
    notify.run(
      () => move.mutateAsync({ id: review.id, body: { action, version: review.version, remark } }),
      t(`growth.view.done.${action}`),
    );
  const me = review.role === 'employee';
  const leaderShown = !me || review.state === 'leaderReviewed' || review.state === 'acknowledged';
  const leaderWritten =
    review.leaderPart.reviewedAt !== null || review.leaderPart.comments !== '' || review.leaderPart.rating !== null;

  return (
    <Page
      testId="page-performance-view"
      title={
        <Space>
          {t('growth.view.title', { name: review.employee.name, quarter: review.cycle.quarter })}
          <StateTag machine={ep.REVIEW_MACHINE} state={review.state} testId="growth-view-state" />
        </Space>
      }
      subtitle={[
        review.dept,
        review.leader?.name ? `${t('growth.reviews.column.leader')}: ${review.leader.name}` : t('growth.reviews.noLeader'),
      ]
        .filter(Boolean)
        .join(' · ')}
      extra={
        <Space wrap>
          {review.canWriteSelf && (
            <Link to={`/performance/report-self?id=${review.id}`} data-testid="growth-edit-self">
              <Button>{t('growth.reviews.writeSelf')}</Button>
            </Link>
          )}
          {review.canWriteLeader && (
            <Link to={`/performance/report-leader?id=${review.id}`} data-testid="growth-edit-leader">
              <Button>{t('growth.reviews.writeLeader')}</Button>
            </Link>
          )}
          <StateActions
            machine={ep.REVIEW_MACHINE}
            state={review.state}
            only={['submitSelf', 'review', 'acknowledge']}
            allow={(a) => review.actions.includes(a)}
            busy={move.isPending ? move.variables?.body.action : null}
            onAction={(a) => void run(a)}
            testIdPrefix="growth-action"
          />
          {review.actions.includes('return') && (
            <Button
              danger
              size="small"
              onClick={() => setReturning({ mode: 'edit', record: review })}
              data-testid="growth-action-return"
            >
              {t('growth.view.returnTitle')}
            </Button>
          )}
          <Button size="small" icon={<HistoryOutlined />} onClick={() => setHistory(true)} data-testid="growth-history">
            {t('growth.view.history')}
          </Button>
        </Space>
      }
    >
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <Space direction="vertical" style={{ width: '100%' }} size={16}>
            <Card size="small" title={t('growth.view.self')}>
              {review.self.submittedAt === null && review.self.goalsMet === '' && review.self.scores.length === 0 ? (
                <Typography.Text type="secondary">{t('growth.view.notYet')}</Typography.Text>
              ) : (
                <SelfPartView review={review} />
              )}
            </Card>
            <Card size="small" title={t('growth.view.leader')} data-testid="growth-leader-part">
              {!leaderShown ? (
                <Typography.Text type="secondary">{t('growth.view.hidden')}</Typography.Text>
              ) : !leaderWritten ? (
                <Typography.Text type="secondary">{t('growth.view.notYet')}</Typography.Text>
              ) : (
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label={t('growth.form.rating')}>
                    <RatingTag rating={review.leaderPart.rating} testId="growth-view-rating" />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('growth.form.scores')}>
                    <ScoresView dimensions={review.dimensions} scores={review.leaderPart.scores} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('growth.form.leaderComments')}>
                    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                      {review.leaderPart.comments || '—'}
                    </Typography.Paragraph>
                  </Descriptions.Item>
                </Descriptions>
              )}
            </Card>
            {review.acknowledgedAt && (
              <Card size="small" title={t('growth.view.ack')}>
                <Typography.Text type="secondary">
                  {t('growth.view.acknowledgedAt', { at: formatDateTime(review.acknowledgedAt) })}
                </Typography.Text>
                {review.ackComment && <Typography.Paragraph style={{ margin: 0 }}>{review.ackComment}</Typography.Paragraph>}
              </Card>
            )}
          </Space>
        </Col>
        <Col xs={24} lg={8}>
          <Timeline_ review={review} />
        </Col>
      </Row>
      <EditDrawer<ep.Review, { remark: string }, unknown>
        editor={returning}
        onClose={() => setReturning(null)}
        title={() => t('growth.view.returnTitle')}
        schema={ep.returnRemarkBody}
        fields={[{ name: 'remark', label: t('growth.view.remark'), input: 'textarea', testId: 'growth-return-remark' }]}
        initialValues={() => ({ remark: '' })}
        onSubmit={(v) =>
          move.mutateAsync({ id: review.id, body: { action: 'return', version: review.version, remark: v.remark.trim() } })
        }
        savedText={() => t('growth.view.done.return')}
        saveText={t('growth.view.returnTitle')}
        saveTestId="growth-return-confirm"
      />
      <HistoryDrawer
        entity="growth_review"
        entityId={history ? review.id : null}
        name={t('growth.view.title', { name: review.employee.name, quarter: review.cycle.quarter })}
        onClose={() => setHistory(false)}
        fieldLabels={{
          state: t('growth.reviews.column.state'),
          goalsMet: t('growth.form.goalsMet'),
          achievements: t('growth.form.achievements'),
          selfComments: t('growth.form.comments'),
          selfScores: t('growth.view.self'),
          leaderScores: t('growth.view.leader'),
          leaderComments: t('growth.form.leaderComments'),
          rating: t('growth.form.rating'),
          remark: t('growth.view.remark'),
        }}
      />
    </Page>
  );
}
