/** The last recalculation, the backtest's accuracy against seasonal naive, and the button that starts a new one. */
import type { ForecastRun } from '@bo/contract/forecasts/forecasts';
import { Button, Progress, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { useRefresh, useRefreshTime } from '../forecasts.queries';
import { formatShare } from './forecast-format';

export function RefreshButton() {
  const { t } = useTranslation();
  const time = useRefreshTime();
  const refresh = useRefresh();
  const running = time.data?.running ?? null;
  return (
    <Can permission="scm:forecast:manage:edit">
      <Button
        loading={refresh.isPending}
        disabled={running !== null}
        onClick={() => refresh.mutate()}
        data-testid="forecast-refresh"
      >
        {t('forecasts.refresh.button')}
      </Button>
    </Can>
  );
}

function RunProgress({ run }: { run: ForecastRun }) {
  const { t } = useTranslation();
  return (
    <Space size={8} data-testid="forecast-running">
      <Typography.Text>{t(`forecasts.refresh.state.${run.state}`)}</Typography.Text>
      <Progress percent={Math.round(run.progress * 100)} size="small" style={{ width: 160 }} />
    </Space>
  );
}

export function RefreshStatus() {
  const { t } = useTranslation();
  const time = useRefreshTime();
  const d = time.data;
  const accuracy = d?.last?.accuracy;
  return (
    <Space size={16} wrap data-testid="forecast-status">
      <Typography.Text type="secondary">
        {d?.refreshedAt
          ? t('forecasts.refresh.last', { at: dayjs(d.refreshedAt).format('YYYY-MM-DD HH:mm'), origin: d.origin ?? '' })
          : t('forecasts.refresh.never')}
      </Typography.Text>
      {d?.running && <RunProgress run={d.running} />}
      {accuracy && accuracy.listings > 0 && (
        <Typography.Text data-testid="forecast-accuracy">
          {t('forecasts.accuracy', {
            wape: formatShare(accuracy.wape),
            naive: formatShare(accuracy.naiveWape),
            n: accuracy.listings,
          })}
        </Typography.Text>
      )}
    </Space>
  );
}
