/**
 * Subject and body of an automatic mail with the live rules check and preview, shared by
 * the auto-reply plan and the smart mail task forms. Must sit inside their antd Form.
 */
import { checkTags } from '@bo/contract/mail/merge-tags';
import { lintErrors, lintTemplate } from '@bo/contract/mail/messaging-rules';
import { Col, Form, type FormInstance, Input, Row, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LintPanel } from '../../templates/components/LintPanel';
import { RichTextEditor } from '../../templates/components/RichTextEditor';
import { TemplatePreview } from '../../templates/components/TemplatePreview';

/** True when the text may not be saved (a linter error or a broken merge tag). */
export function useTextRefused(subject: string, body: string) {
  const issues = useMemo(() => lintTemplate({ subject, body }), [subject, body]);
  const tagProblems = useMemo(
    () => [
      ...checkTags(subject).map((problem) => ({ field: 'subject' as const, problem })),
      ...checkTags(body).map((problem) => ({ field: 'body' as const, problem })),
    ],
    [subject, body],
  );
  return { issues, tagProblems, refused: lintErrors(issues).length > 0 || tagProblems.length > 0 };
}

export function MailTextFields({ form, testId }: { form: FormInstance; testId: string }) {
  const { t } = useTranslation();
  const subject: string = Form.useWatch('subject', form) ?? '';
  const body: string = Form.useWatch('body', form) ?? '';
  const { issues, tagProblems } = useTextRefused(subject, body);
  return (
    <Row gutter={16}>
      <Col xs={24} xl={14}>
        <Form.Item name="subject" label={t('mailAuto.subject')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={200} data-testid={`${testId}-subject`} />
        </Form.Item>
        <Form.Item name="body" label={t('mailAuto.body')} required>
          <RichTextEditor testId={`${testId}-body`} />
        </Form.Item>
      </Col>
      <Col xs={24} xl={10}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <LintPanel issues={issues} tagProblems={tagProblems} />
          <TemplatePreview subject={subject} body={body} />
        </Space>
      </Col>
    </Row>
  );
}
