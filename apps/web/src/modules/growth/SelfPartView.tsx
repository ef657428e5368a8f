/** The self part of a review, read-only (the leader review page's intro and the review page). */
import type { Review } from '@bo/contract/growth/performance';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ScoresView } from './growth-parts';

const text = (s: string) =>
  s === '' ? '—' : <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{s}</Typography.Paragraph>;

export function SelfPartView({ review }: { review: Review }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} size="small" bordered data-testid="growth-self-part">
      <Descriptions.Item label={t('growth.form.goalsMet')}>{text(review.self.goalsMet)}</Descriptions.Item>
      <Descriptions.Item label={t('growth.form.achievements')}>{text(review.self.achievements)}</Descriptions.Item>
      <Descriptions.Item label={t('growth.form.scores')}>
        <ScoresView dimensions={review.dimensions} scores={review.self.scores} />
        {review.self.mean !== null && (
          <div>
            <Typography.Text type="secondary">{t('growth.view.mean', { mean: review.self.mean })}</Typography.Text>
          </div>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('growth.form.comments')}>{text(review.self.comments)}</Descriptions.Item>
    </Descriptions>
  );
}
