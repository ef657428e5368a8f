import { Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../http/error-text';
import { useTexts } from '../i18n/lang';
import { StatusPanel } from './StatusPanel';

interface Props {
  /** Nothing loaded yet: a skeleton. */
  pending: boolean;
  /** The last load failed: an error panel with Retry instead of the content. */
  error: unknown;
  onRetry: () => void;
  children: ReactNode;
  rows?: number;
  /** The error panel's title: "The list could not be loaded" unless the content is something else (a form's data). */
  errorTitle?: string;
}

/** The loading and error states every list screen shows before its content. */
export function QueryStates({ pending, error, onRetry, children, rows = 6, errorTitle }: Props) {
  const { t, lang } = useTexts();
  if (error) {
    return (
      // Not antd's Result: it brings its 403/404/500 illustrations (about 10 kB gzip) to every screen.
      <StatusPanel
        status="error"
        title={errorTitle ?? t('list.loadFailed')}
        subTitle={errorText(error, lang)}
        extra={
          <Button type="primary" onClick={onRetry} data-testid="list-retry">
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (pending) return <Skeleton active paragraph={{ rows }} />;
  return <>{children}</>;
}

interface EmptyProps {
  /** The list is narrowed by filters: says that nothing matches them, not that there is nothing. */
  filtered?: boolean;
  /** What is missing, in the screen's words (e.g. "No exchange rates yet"); else "No data". */
  text?: ReactNode;
  testId?: string;
}

/**
 * The one empty state of tables and panels: the small image and one line. With filters on,
 * the line says so ("Nothing matches these filters"), whatever the screen's own text.
 */
export function EmptyState({ filtered = false, text, testId = 'empty-state' }: EmptyProps) {
  const { t } = useTranslation();
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={filtered ? t('list.noMatch') : (text ?? t('list.noData'))}
      data-testid={testId}
    />
  );
}
