import { useTranslation } from 'react-i18next';
import { StatusPanel } from '../../shared/components/StatusPanel';
import { ShellButton } from '../../shared/components/shell-controls';
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
          <div className="bo-btn-row">
            <ShellButton primary icon="reloadOutlined" onClick={onRetry} testId="chunk-retry">
              {t('chunk.retry')}
            </ShellButton>
            <ShellButton onClick={() => window.location.reload()}>{t('chunk.reload')}</ShellButton>
          </div>
        }
      />
    </div>
  );
}
