import { checkTags } from '@bo/contract/mail/merge-tags';
import { lintErrors, lintTemplate } from '@bo/contract/mail/messaging-rules';
import { Form, Space } from 'antd';
import { useMemo } from 'react';
import { LintPanel } from './LintPanel';
import { TemplatePreview } from './TemplatePreview';

/** What the messaging rules and the merge-tag check say about a subject and a body. */
export function templateChecks(subject: string, body: string) {
  const issues = lintTemplate({ subject, body });
  const tagProblems = [
    ...checkTags(subject).map((problem) => ({ field: 'subject' as const, problem })),
    ...checkTags(body).map((problem) => ({ field: 'body' as const, problem })),
  ];
  return { issues, tagProblems, refused: lintErrors(issues).length > 0 || tagProblems.length > 0 };
}

/** Under the template's fields, live: what the rules say and how it reads with sample values. */
export function TemplateChecks({ kind }: { kind: 'reply' | 'faq' }) {
  const form = Form.useFormInstance();
  const subject: string = Form.useWatch('subject', form) ?? '';
  const body: string = Form.useWatch('body', form) ?? '';
  const { issues, tagProblems } = useMemo(() => templateChecks(subject, body), [subject, body]);
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }} size={12}>
      <LintPanel issues={issues} tagProblems={tagProblems} />
      <TemplatePreview subject={kind === 'reply' ? subject : ''} body={body} />
    </Space>
  );
}
