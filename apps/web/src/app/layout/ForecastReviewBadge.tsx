/**
 * The estimates waiting for the caller's review (spec §5: with the forecast-review permission the
 * count loads at sign-in), as a badge in the header beside the notification bell; it opens the
 * review list on what is to review. Shown only to holders of the review's approve button, the
 * people an estimate can wait for.
 */
import { AuditOutlined } from '@ant-design/icons';
import { toReviewCount } from '@bo/contract/forecasts/estimates';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../shared/Can';
import { call } from '../../shared/http/http-client';

/** Read this often while the app is open (and on focus), as the bell is. */
const POLL_MS = 60_000;
/** The same key as the forecast screens' (forecasts.queries.ts estimateKeys.count): a review there reloads it. */
export const FORECAST_REVIEW_COUNT_KEY = ['forecasts', 'estimates', 'count'] as const;

export function ForecastReviewBadge() {
  const can = useCan();
  return can('scm:forecast:review:approve') ? <Counted /> : null;
}

function Counted() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const count = useQuery({
    queryKey: FORECAST_REVIEW_COUNT_KEY,
    queryFn: () => call(toReviewCount, {}, { silent: true }),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
  const n = count.data?.count ?? 0;
  return (
    <Tooltip title={t('layout.forecastReviews', { n })}>
      <Badge count={n} size="small" overflowCount={99} data-testid="forecast-review-badge">
        <Button
          type="text"
          icon={<AuditOutlined />}
          aria-label={t('layout.forecastReviews', { n })}
          onClick={() => void navigate('/forecast/review?status=PENDING')}
          data-testid="forecast-review-open"
        />
      </Badge>
    </Tooltip>
  );
}
