import { fieldText, MARKETS } from '@bo/contract';
import { checkTags } from '@bo/contract/mail/merge-tags';
import { lintErrors, lintTemplate } from '@bo/contract/mail/messaging-rules';
import { createTemplateBody, TEMPLATE_CATEGORIES, TEMPLATE_LANGUAGES, type TemplateContent } from '@bo/contract/mail/templates';
import { Alert, AutoComplete, Button, Col, Form, Input, Radio, Row, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../../../shared/components/RichTextEditor';
import { richTextRequired } from '../../../../shared/components/rich-text';
import { useNotify } from '../../../../shared/components/use-notify';
import { useEditFormProblem } from '../../../../shared/forms/edit-form-problem';
import { zodRule } from '../../../../shared/forms/form-rules';
import { useLang } from '../../../../shared/i18n/lang';
import { marketName } from '../../../../shared/markets/markets';
import { useCreateTemplate, useUpdateTemplate } from '../mail-templates.queries';
import { LintPanel } from './LintPanel';
import { TemplatePreview } from './TemplatePreview';

type Kind = 'reply' | 'faq';
interface Values {
  scope: 'personal' | 'shared';
  name: string;
  category: string;
  language: (typeof TEMPLATE_LANGUAGES)[number];
  marketId: number | null;
  asin: string;
  subject: string;
  body: string;
}

const FIELDS = ['scope', 'name', 'category', 'language', 'marketId', 'asin', 'subject', 'body'] as const;
const shape = createTemplateBody.shape;

interface Props {
  kind: Kind;
  template: TemplateContent | null;
  onDone: () => void;
  onCancel: () => void;
  onReload: () => Promise<void>;
}

/** The template's fields, the editor, and beside them what the rules say and how it reads. */
export function TemplateForm({ kind, template, onDone, onCancel, onReload }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const { problem, clear, report, reload, reloading } = useEditFormProblem(form, onReload);
  const [blocked, setBlocked] = useState(false);
  const subject = Form.useWatch('subject', form) ?? template?.subject ?? '';
  const body = Form.useWatch('body', form) ?? template?.body ?? '';
  const issues = useMemo(() => lintTemplate({ subject, body }), [subject, body]);
  const tagProblems = useMemo(
    () => [
      ...checkTags(subject).map((problem) => ({ field: 'subject' as const, problem })),
      ...checkTags(body).map((problem) => ({ field: 'body' as const, problem })),
    ],
    [subject, body],
  );
  const refused = lintErrors(issues).length > 0 || tagProblems.length > 0;

  const submit = async (v: Values) => {
    clear();
    if (refused) {
      setBlocked(true);
      return;
    }
    setBlocked(false);
    const fields = {
      kind,
      scope: v.scope,
      name: v.name.trim(),
      category: v.category.trim(),
      language: v.language,
      marketId: v.marketId ?? null,
      asin: kind === 'faq' && v.asin?.trim() ? v.asin.trim().toUpperCase() : null,
      subject: v.subject ?? '',
      body: v.body ?? '',
    };
    try {
      const saved = template
        ? await update.mutateAsync({ ...fields, templateId: template.templateId, version: template.version })
        : await create.mutateAsync(fields);
      const warnings = saved.issues.length;
      if (warnings) notify.success(t('mailTemplates.savedWithWarnings', { name: fields.name, count: warnings }));
      else notify.success(t(template ? 'mailTemplates.saved' : 'mailTemplates.created', { name: fields.name }));
      onDone();
    } catch (err) {
      report(err, { fields: FIELDS, conflict: { field: 'name', text: t('mailTemplates.taken') } });
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      onValuesChange={() => setBlocked(false)}
      initialValues={{
        scope: template?.scope ?? 'shared',
        name: template?.name ?? '',
        category: template?.category ?? '',
        language: template?.language ?? 'en',
        marketId: template?.marketId ?? (kind === 'faq' ? 0 : null),
        asin: template?.asin ?? '',
        subject: template?.subject ?? '',
        body: template?.body ?? '',
      }}
      data-testid="template-form"
    >
      {problem?.kind === 'stale' && (
        <Alert
          type="warning"
          showIcon
          className="bo-form-alert"
          title={t('mailTemplates.stale.title')}
          description={t('mailTemplates.stale.text')}
          action={
            <Button size="small" type="primary" loading={reloading} onClick={() => void reload()}>
              {t('common.reload')}
            </Button>
          }
        />
      )}
      {problem?.kind === 'error' && <Alert type="error" showIcon className="bo-form-alert" title={problem.text} />}
      {blocked && (
        <Alert
          type="error"
          showIcon
          className="bo-form-alert"
          title={t('mailTemplates.lint.blocked')}
          data-testid="template-blocked"
        />
      )}
      <Row gutter={16}>
        <Col span={14}>
          <Form.Item name="name" label={t('mailTemplates.field.name')} rules={[zodRule(shape.name, lang)]}>
            <Input maxLength={80} data-testid="template-name" />
          </Form.Item>
        </Col>
        <Col span={10}>
          <Form.Item name="scope" label={t('mailTemplates.field.scope')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'shared', label: t('mailTemplates.scope.shared') },
                { value: 'personal', label: t('mailTemplates.scope.personal') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="category" label={t('mailTemplates.field.category')} rules={[zodRule(shape.category, lang)]}>
            <AutoComplete
              maxLength={40}
              options={TEMPLATE_CATEGORIES.map((c) => ({ value: c, label: t(`mailTemplates.category.${c}`) }))}
              data-testid="template-category"
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="language"
            label={t('mailTemplates.field.language')}
            rules={[{ required: true, message: fieldText('required', lang) }]}
          >
            <Select
              options={TEMPLATE_LANGUAGES.map((l) => ({ value: l, label: t(`mailTemplates.language.${l}`) }))}
              data-testid="template-language"
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="marketId"
            label={t('mailTemplates.field.market')}
            rules={kind === 'faq' ? [{ required: true, message: fieldText('required', lang) }] : []}
          >
            <Select<number>
              allowClear={kind === 'reply'}
              placeholder={t('mailTemplates.allMarkets')}
              options={MARKETS.map((m) => ({ value: m.id, label: `${m.code} · ${marketName(m, lang)}` }))}
              data-testid="template-market"
            />
          </Form.Item>
        </Col>
      </Row>
      {kind === 'faq' && (
        <Form.Item
          name="asin"
          label={t('mailTemplates.field.asin')}
          rules={[zodRule(shape.asin.unwrap(), lang, { optional: true })]}
        >
          <Input maxLength={10} placeholder={t('mailTemplates.allProducts')} data-testid="template-asin" />
        </Form.Item>
      )}
      {kind === 'reply' && (
        <Form.Item name="subject" label={t('mailTemplates.field.subject')}>
          <Input maxLength={200} data-testid="template-subject" />
        </Form.Item>
      )}
      <Form.Item
        name="body"
        label={t('mailTemplates.field.body')}
        rules={[richTextRequired(t('mailTemplates.field.bodyRequired')), zodRule(shape.body, lang)]}
      >
        <RichTextEditor testId="template-body" />
      </Form.Item>
      <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }} size={12}>
        <LintPanel issues={issues} tagProblems={tagProblems} />
        <TemplatePreview subject={kind === 'reply' ? subject : ''} body={body} />
      </Space>
      <Space>
        <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending} data-testid="template-save">
          {t('common.save')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </Space>
    </Form>
  );
}
