import type { KeywordKind } from '@bo/contract/mail/keywords';
import { Alert, Button, Card, Input, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../../shared/http/error-text';
import { useTexts } from '../../../../shared/i18n/lang';
import { useTestKeywords } from '../keywords.queries';
import { targetLabel } from './keyword-labels';

/** Runs the saved rules on a sample subject and body: what routing would decide, and why. */
export function KeywordTestCard({ kind }: { kind: KeywordKind }) {
  const { t, lang } = useTexts();
  const test = useTestKeywords(kind);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const result = test.data;
  const winner = result?.matches[0]?.rule;

  return (
    <Card size="small" title={t('mailKeywords.test.title')} data-testid="keyword-test">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input
          placeholder={t('mailKeywords.test.subject')}
          value={subject}
          maxLength={1000}
          onChange={(e) => setSubject(e.target.value)}
          data-testid="keyword-test-subject"
        />
        <Input.TextArea
          placeholder={t('mailKeywords.test.body')}
          value={body}
          rows={4}
          maxLength={50000}
          onChange={(e) => setBody(e.target.value)}
          data-testid="keyword-test-body"
        />
        <Button
          type="primary"
          loading={test.isPending}
          onClick={() => test.mutate({ subject, body })}
          data-testid="keyword-test-run"
        >
          {t('mailKeywords.test.run')}
        </Button>
        {test.error && <Alert type="error" showIcon title={errorText(test.error, lang)} />}
        {result &&
          (winner ? (
            <Alert
              type="success"
              showIcon
              title={t('mailKeywords.test.result', { target: targetLabel(kind, winner, lang) })}
              data-testid="keyword-test-result"
            />
          ) : (
            <Alert type="info" showIcon title={t('mailKeywords.test.none')} data-testid="keyword-test-result" />
          ))}
        {result && result.matches.length > 0 && (
          <List
            size="small"
            header={<Typography.Text strong>{t('mailKeywords.test.matched')}</Typography.Text>}
            dataSource={result.matches}
            renderItem={(m) => (
              <List.Item>
                <Space wrap>
                  <Tag color="blue">{m.rule.keyword}</Tag>
                  <span>→ {targetLabel(kind, m.rule, lang)}</span>
                  <Typography.Text type="secondary">
                    {t(`mailKeywords.field.${m.field}`)}: “{m.excerpt}”
                  </Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        )}
      </Space>
    </Card>
  );
}
