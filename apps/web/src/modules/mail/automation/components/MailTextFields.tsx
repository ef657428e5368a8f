/**
 * Subject and body of an automatic mail with the live rules check and preview, shared by
 * the auto-reply plan, smart mail task and invitation plan forms. Must sit inside their
 * antd Form. The body is the app's one rich text editor; an empty body is flagged on it.
 */
import { checkTags } from '@bo/contract/mail/merge-tags';
import { lintErrors, lintTemplate } from '@bo/contract/mail/messaging-rules';
import { Col, Form, type FormInstance, Input, Row, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../../../shared/components/RichTextEditor';
import { richTextRequired } from '../../../../shared/components/rich-text';
import { LintPanel } from '../../templates/components/LintPanel';
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
        <Form.Item
          name="subject"
          label={t('mailAuto.subject')}
          rules={[{ required: true, whitespace: true, message: t('mailAuto.rules.subject') }]}
        >
          <Input maxLength={200} data-testid={`${testId}-subject`} />
        </Form.Item>
        <Form.Item name="body" label={t('mailAuto.body')} required rules={[richTextRequired(t('mailAuto.rules.body'))]}>
          <RichTextEditor testId={`${testId}-body`} minHeight={180} ariaLabel={t('mailAuto.body')} />
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
