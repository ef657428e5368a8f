/**
 * The frame of every public page a share link opens (`/teambition/project`, `/teambition/dataView`,
 * `/chatTask` with `?share=<token>`), without signing in: the brand and the language switch,
 * the read-only notice with the link's expiry, and the one "link not valid" page for an
 * unknown, expired or revoked link. The kind's page renders only its view.
 */
import { Alert, Flex, Result, Skeleton, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LangSwitch } from '../components/LangSwitch';
import { formatDateTime } from '../format';
import { isApiError } from '../http/api-error';
import { errorText } from '../http/error-text';
import { useTexts } from '../i18n/lang';
import { useSharedView } from './share-links';

interface Props<V> {
  /** The page's test id (on the content column). */
  testId: string;
  /** The kind this page shows: a link of another kind is not valid here. */
  kind: string;
  maxWidth?: number;
  children: (view: V) => ReactNode;
}

export function SharedPageFrame<V>({ testId, kind, maxWidth = 1040, children }: Props<V>) {
  const { t, lang } = useTexts();
  const [params] = useSearchParams();
  const token = params.get('share') ?? '';
  const shared = useSharedView(token);

  let body: ReactNode;
  const gone = !token || (isApiError(shared.error) && shared.error.status === 404) || (shared.data && shared.data.kind !== kind);
  if (gone) {
    body = <Result status="warning" title={t('shareLinks.gone')} subTitle={t('shareLinks.goneHelp')} data-testid="shared-gone" />;
  } else if (shared.error) {
    body = <Result status="error" title={errorText(shared.error, lang)} />;
  } else if (!shared.data) {
    body = <Skeleton active />;
  } else {
    body = (
      <Flex vertical gap={16}>
        <Alert type="info" showIcon title={t('shareLinks.readOnly', { at: formatDateTime(shared.data.expiresAt) })} />
        {children(shared.data.data as V)}
      </Flex>
    );
  }
  return (
    <div style={{ minHeight: '100vh', background: '#f3f5f9' }}>
      <Flex justify="space-between" align="center" style={{ padding: '12px 24px', background: '#fff' }}>
        <Space>
          <span className="bo-brand-mark">L</span>
          <Typography.Text strong>{t('app.name')}</Typography.Text>
        </Space>
        <LangSwitch />
      </Flex>
      <div style={{ maxWidth, margin: '24px auto', padding: '0 16px' }} data-testid={testId}>
        {body}
      </div>
    </div>
  );
}
