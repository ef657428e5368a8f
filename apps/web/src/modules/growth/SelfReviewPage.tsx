/**
 * /performance/report-self?id=: the employee's self review on the kit's EditPage (goals met,
 * achievements, a 1–5 score per dimension, comments), saved as a draft; the submit is on the
 * review page. Beside it the person's committed OKR objectives of the quarter, and the leader's
 * remark when the review came back.
 */
import * as ep from '@bo/contract/growth/performance';
import { Alert, Card, Empty, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EditPage } from '../../shared/kit/EditPage';
import { useReviewObjectives, useSaveSelf } from './growth.queries';
import { ScoresInput } from './growth-parts';
import { WithReview } from './review-page';

interface Values {
  goalsMet: string;
  achievements: string;
  comments: string;
  scores: { dimension: string; score: number }[];
}

export default function SelfReviewPage() {
  return <WithReview>{(review, reload) => <SelfReviewForm key={review.id} review={review} reload={reload} />}</WithReview>;
}

function OkrCard({ reviewId }: { reviewId: number }) {
  const { t } = useTranslation();
  const okr = useReviewObjectives(reviewId);
  return (
    <Card title={t('growth.form.okr')} size="small" style={{ marginTop: 16 }} data-testid="growth-okr" loading={okr.isPending}>
      {(okr.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('growth.form.okrEmpty')} />
      ) : (
        <List
          size="small"
          dataSource={okr.data ?? []}
          renderItem={(o) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <span>
                    {o.title} <Tag>{o.state}</Tag>
                  </span>
                }
                description={o.keyResults.join(' · ')}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function SelfReviewForm({ review, reload }: { review: ep.Review; reload: () => Promise<ep.Review | null> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveSelf();
  const back = () => navigate(`/performance/view?id=${review.id}`);
  return (
    <EditPage<ep.Review, Values, ep.Review>
      editor={{ mode: 'edit', record: review }}
      back={back}
      title={(e) => t('growth.form.selfTitle', { quarter: e.record?.cycle.quarter ?? '' })}
      subtitle={(e) => e.record?.employee.name}
      schema={ep.selfReviewBody}
      readOnly={(e) => e.mode === 'edit' && !e.record.canWriteSelf}
      intro={(e) => (
        <>
          {e.mode === 'edit' && !e.record.canWriteSelf && (
            <Alert type="info" showIcon title={t('growth.form.readOnly')} style={{ marginBottom: 12 }} />
          )}
          {e.mode === 'edit' && e.record.state === 'draft' && e.record.returnRemark && (
            <Alert
              type="warning"
              showIcon
              title={t('growth.form.returned', { remark: e.record.returnRemark })}
              style={{ marginBottom: 12 }}
              data-testid="growth-returned"
            />
          )}
        </>
      )}
      fields={[
        {
          name: 'goalsMet',
          input: 'textarea',
          label: t('growth.form.goalsMet'),
          extra: t('growth.form.goalsMetHint'),
          testId: 'growth-goals',
        },
        { name: 'achievements', input: 'textarea', label: t('growth.form.achievements'), testId: 'growth-achievements' },
        {
          name: 'scores',
          label: t('growth.form.scores'),
          extra: t('growth.form.scoresHint'),
          input: <ScoresInput dimensions={review.dimensions} disabled={!review.canWriteSelf} testId="growth-self-scores" />,
        },
        { name: 'comments', input: 'textarea', label: t('growth.form.comments'), testId: 'growth-comments' },
      ]}
      initialValues={(e) =>
        e.mode === 'edit'
          ? {
              goalsMet: e.record.self.goalsMet,
              achievements: e.record.self.achievements,
              comments: e.record.self.comments,
              scores: e.record.self.scores,
            }
          : {}
      }
      onSubmit={(v, e) =>
        save.mutateAsync({
          id: review.id,
          body: {
            version: e.mode === 'edit' ? e.record.version : review.version,
            goalsMet: v.goalsMet ?? '',
            achievements: v.achievements ?? '',
            comments: v.comments ?? '',
            scores: v.scores ?? [],
          },
        })
      }
      reload={() => reload()}
      onSaved={(saved) => navigate(`/performance/view?id=${saved.id}`)}
      savedText={() => t('growth.form.saved')}
      saveText={t('growth.form.saveDraft')}
      after={() => <OkrCard reviewId={review.id} />}
      testId="growth-self-form"
      saveTestId="growth-self-save"
      pageTestId="page-performance-self"
    />
  );
}
