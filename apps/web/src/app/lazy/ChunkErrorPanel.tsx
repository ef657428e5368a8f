import { ReloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusPanel } from '../StatusPanel';
import type { ChunkFailure } from './chunk-error';

interface Props {
  kind: ChunkFailure;
  onRetry: () => void;
}

/** Shown in place of a screen whose code or stylesheet could not be loaded. */
export function ChunkErrorPanel({ kind, onRetry }: Props) {
  const { t } = useTranslation();
  return (
    <div data-testid="chunk-error" className="bo-chunk-error">
      <StatusPanel
        status="warning"
        title={t('chunk.title')}
        subTitle={t(`chunk.reason.${kind}`)}
        extra={
          <Space>
            <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry} data-testid="chunk-retry">
              {t('chunk.retry')}
            </Button>
            <Button onClick={() => window.location.reload()}>{t('chunk.reload')}</Button>
          </Space>
        }
      />
    </div>
  );
}
