/**
 * /performance/report-leader?id=: the leader's part of a submitted review on the kit's EditPage
 * (a 1–5 score per dimension, the review, the final rating), the employee's self review above it;
 * saved as a draft, completed or returned on the review page.
 */
import * as ep from '@bo/contract/growth/performance';
import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../shared/i18n/lang';
import { EditPage } from '../../shared/kit/EditPage';
import { useSaveLeader } from './growth.queries';
import { ratingText, ScoresInput } from './growth-parts';
import { WithReview } from './review-page';
import { SelfPartView } from './SelfPartView';

interface Values {
  scores: { dimension: string; score: number }[];
  comments: string;
  rating: number | null;
}

export default function LeaderReviewPage() {
  return <WithReview>{(review, reload) => <LeaderReviewForm key={review.id} review={review} reload={reload} />}</WithReview>;
}

function LeaderReviewForm({ review, reload }: { review: ep.Review; reload: () => Promise<ep.Review | null> }) {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const navigate = useNavigate();
  const save = useSaveLeader();
  return (
    <EditPage<ep.Review, Values, ep.Review>
      editor={{ mode: 'edit', record: review }}
      back={() => navigate(`/performance/view?id=${review.id}`)}
      title={() => t('growth.form.leaderTitle', { name: review.employee.name, quarter: review.cycle.quarter })}
      subtitle={() => review.dept ?? ''}
      schema={ep.leaderReviewBody}
      readOnly={(e) => e.mode === 'edit' && !e.record.canWriteLeader}
      intro={(e) => (
        <>
          {e.mode === 'edit' && !e.record.canWriteLeader && (
            <Alert type="info" showIcon title={t('growth.form.readOnly')} style={{ marginBottom: 12 }} />
          )}
          <Card size="small" title={t('growth.form.selfPart')} style={{ marginBottom: 16 }}>
            <SelfPartView review={review} />
          </Card>
        </>
      )}
      fields={[
        {
          name: 'scores',
          label: t('growth.form.scores'),
          extra: t('growth.form.scoresHint'),
          input: <ScoresInput dimensions={review.dimensions} disabled={!review.canWriteLeader} testId="growth-leader-scores" />,
        },
        { name: 'comments', input: 'textarea', label: t('growth.form.leaderComments'), testId: 'growth-leader-comments' },
        {
          name: 'rating',
          input: 'select',
          label: t('growth.form.rating'),
          span: 12,
          options: ep.RATINGS.map((r) => ({ value: r, label: ratingText(r, zh) })),
          testId: 'growth-rating',
        },
      ]}
      initialValues={(e) =>
        e.mode === 'edit'
          ? { scores: e.record.leaderPart.scores, comments: e.record.leaderPart.comments, rating: e.record.leaderPart.rating }
          : {}
      }
      onSubmit={(v, e) =>
        save.mutateAsync({
          id: review.id,
          body: {
            version: e.mode === 'edit' ? e.record.version : review.version,
            scores: v.scores ?? [],
            comments: v.comments ?? '',
            rating: v.rating ?? null,
          },
        })
      }
      reload={() => reload()}
      onSaved={(saved) => navigate(`/performance/view?id=${saved.id}`)}
      savedText={() => t('growth.form.saved')}
      saveText={t('growth.form.saveDraft')}
      testId="growth-leader-form"
      saveTestId="growth-leader-save"
      pageTestId="page-performance-leader"
    />
  );
}
