import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../shared/Can';
import { useRecordSpAuth } from '../shops-auth.queries';

interface Props {
  shopId: number;
  /** undefined while the states load. */
  state: number | undefined;
}

/** Whether a Selling-Partner API authorisation is recorded for a shop, and the way to record one. */
export function SpAuthCell({ shopId, state }: Props) {
  const { t } = useTranslation();
  const record = useRecordSpAuth();
  if (state === undefined) return <span className="bo-muted">…</span>;
  if (state === 1) return <Tag color="green">{t('shops.sp.recorded')}</Tag>;
  return (
    <Space size={6}>
      <Tag>{t('shops.sp.none')}</Tag>
      <Can permission="user:shop:auth:edit">
        <Button
          size="small"
          type="link"
          loading={record.isPending}
          onClick={() => void record.mutateAsync(shopId).catch(() => undefined)}
          data-testid={`shop-sp-${shopId}`}
        >
          {t('shops.sp.record')}
        </Button>
      </Can>
    </Space>
  );
}
