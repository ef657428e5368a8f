import { describeTagProblem, type TagProblem } from '@bo/contract/mail/merge-tags';
import { type LintIssue, lintMessage, lintRuleName } from '@bo/contract/mail/messaging-rules';
import { Alert, List, Tag, Typography } from 'antd';
import { useTexts } from '../../../../shared/i18n/lang';

interface Props {
  issues: readonly LintIssue[];
  tagProblems: readonly { field: 'subject' | 'body'; problem: TagProblem }[];
}

/** What the messaging rules and the merge-tag check say about the text being written, live. */
export function LintPanel({ issues, tagProblems }: Props) {
  const { t, lang } = useTexts();
  if (issues.length === 0 && tagProblems.length === 0)
    return <Alert type="success" showIcon title={t('mailTemplates.lint.ok')} data-testid="template-lint-ok" />;
  return (
    <div data-testid="template-lint">
      {tagProblems.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="bo-form-alert"
          title={t('mailTemplates.tags.title')}
          description={tagProblems.map((p) => (
            <div key={`${p.field}:${p.problem.start}`}>
              {t(`mailTemplates.lint.${p.field}`)}: {describeTagProblem(p.problem, lang)}
            </div>
          ))}
        />
      )}
      {issues.length > 0 && (
        <List
          size="small"
          bordered
          header={<Typography.Text strong>{t('mailTemplates.lint.title')}</Typography.Text>}
          dataSource={issues as LintIssue[]}
          renderItem={(i) => (
            <List.Item data-testid={`template-lint-${i.rule}`}>
              <div>
                <Tag color={i.level === 'error' ? 'red' : 'orange'}>
                  {t(`mailTemplates.lint.${i.level}`)} · {lintRuleName(i, lang)}
                </Tag>
                <Typography.Text>{lintMessage(i, lang)}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    {t(`mailTemplates.lint.${i.field}`)}: “{i.excerpt}”
                  </Typography.Text>
                </div>
              </div>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
