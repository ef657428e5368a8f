import { renderMergeTags, SAMPLE_MERGE_VALUES } from '@bo/contract/mail/merge-tags';
import { sanitizeTemplateHtml } from '@bo/contract/mail/template-html';
import { Card, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../../shared/components/rich-text-editor.css';

const render = (text: string, html: boolean) => {
  try {
    return renderMergeTags(text, SAMPLE_MERGE_VALUES, { html }).text;
  } catch {
    // A broken tag is shown as written; the lint panel names it.
    return text;
  }
};

/** Subject and body as a buyer would read them, with the sample merge values. */
export function TemplatePreview({ subject, body }: { subject: string; body: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // The body is sanitised first (formatting tags without attributes), values are escaped: nothing can run.
  const html = render(sanitizeTemplateHtml(body), true);
  useEffect(() => {
    if (ref.current) ref.current.innerHTML = html;
  }, [html]);
  return (
    <Card size="small" title={t('mailTemplates.preview.title')} data-testid="template-preview">
      {subject && (
        <Typography.Paragraph>
          <Typography.Text type="secondary">{t('mailTemplates.preview.subject')}: </Typography.Text>
          <Typography.Text strong data-testid="template-preview-subject">
            {render(subject, false)}
          </Typography.Text>
        </Typography.Paragraph>
      )}
      <div ref={ref} className="bo-rte-preview" data-testid="template-preview-body" />
    </Card>
  );
}
