import { mailTemplates as ep, fieldText, MARKETS } from '@bo/contract';
import { TEMPLATE_CATEGORIES, TEMPLATE_LANGUAGES, type TemplateContent } from '@bo/contract/mail/templates';
import { AutoComplete, Select } from 'antd';
import { RichTextEditor } from '../../../../shared/components/RichTextEditor';
import { richTextRequired } from '../../../../shared/components/rich-text';
import { useTexts } from '../../../../shared/i18n/lang';
import { EditDrawer, type Editor, type FormField } from '../../../../shared/kit/EditDrawer';
import { marketName } from '../../../../shared/markets/markets';
import { fetchTemplateContent, useCreateTemplate, useUpdateTemplate } from '../mail-templates.queries';
import { TemplateChecks, templateChecks } from './TemplateChecks';

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

interface Props {
  kind: Kind;
  /** An edit carries the template with its body (the list has none). */
  editor: Editor<TemplateContent> | null;
  onClose: () => void;
  onReloaded: (template: TemplateContent) => void;
  onHistory: (template: TemplateContent) => void;
}

/** A template's fields and editor, with the rules' verdict and a preview under them; an error of the rules refuses the save. */
export function TemplateDrawer({ kind, editor, onClose, onReloaded, onHistory }: Props) {
  const { t, lang } = useTexts();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();

  const fields: FormField<Values>[] = [
    { name: 'name', label: t('mailTemplates.field.name'), span: 14, testId: 'template-name' },
    {
      name: 'scope',
      label: t('mailTemplates.field.scope'),
      input: 'radio',
      options: [
        { value: 'shared', label: t('mailTemplates.scope.shared') },
        { value: 'personal', label: t('mailTemplates.scope.personal') },
      ],
      span: 10,
    },
    {
      name: 'category',
      label: t('mailTemplates.field.category'),
      input: (
        <AutoComplete
          maxLength={40}
          options={TEMPLATE_CATEGORIES.map((c) => ({ value: c, label: t(`mailTemplates.category.${c}`) }))}
          data-testid="template-category"
        />
      ),
      span: 8,
    },
    {
      name: 'language',
      label: t('mailTemplates.field.language'),
      input: 'select',
      options: TEMPLATE_LANGUAGES.map((l) => ({ value: l, label: t(`mailTemplates.language.${l}`) })),
      span: 8,
      testId: 'template-language',
    },
    {
      name: 'marketId',
      label: t('mailTemplates.field.market'),
      input: (
        <Select<number>
          allowClear={kind === 'reply'}
          placeholder={t('mailTemplates.allMarkets')}
          options={MARKETS.map((m) => ({ value: m.id, label: `${m.code} · ${marketName(m, lang)}` }))}
          data-testid="template-market"
        />
      ),
      // A FAQ answer belongs to one marketplace; a reply may serve them all.
      rules: kind === 'faq' ? [{ required: true, message: fieldText('required', lang) }] : [],
      span: 8,
    },
    ...(kind === 'faq'
      ? [
          {
            name: 'asin',
            label: t('mailTemplates.field.asin'),
            placeholder: t('mailTemplates.allProducts'),
            testId: 'template-asin',
          } as const,
        ]
      : [{ name: 'subject', label: t('mailTemplates.field.subject'), testId: 'template-subject' } as const]),
    {
      name: 'body',
      label: t('mailTemplates.field.body'),
      input: <RichTextEditor testId="template-body" />,
      rules: [richTextRequired(t('mailTemplates.field.bodyRequired'))],
    },
  ];

  return (
    <EditDrawer<TemplateContent, Values, { name: string; warnings: number }>
      editor={editor}
      onClose={onClose}
      title={(e) => (e.mode === 'edit' ? t('mailTemplates.editTitle', { name: e.record.name }) : t('mailTemplates.createTitle'))}
      schema={ep.createTemplate.body}
      updateSchema={ep.updateTemplate.body}
      fields={fields}
      initialValues={(e) => {
        const tpl = e.mode === 'create' ? null : e.record;
        return {
          scope: tpl?.scope ?? 'shared',
          name: tpl?.name ?? '',
          category: tpl?.category ?? '',
          language: tpl?.language ?? 'en',
          marketId: tpl?.marketId ?? (kind === 'faq' ? 0 : null),
          asin: tpl?.asin ?? '',
          subject: tpl?.subject ?? '',
          body: tpl?.body ?? '',
        };
      }}
      beforeSubmit={(v) =>
        templateChecks(kind === 'reply' ? (v.subject ?? '') : '', v.body ?? '').refused
          ? { title: t('mailTemplates.lint.blocked'), testId: 'template-blocked' }
          : null
      }
      onSubmit={async (v, e) => {
        const body = {
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
        const saved =
          e.mode === 'edit'
            ? await update.mutateAsync({ ...body, templateId: e.record.templateId, version: e.record.version })
            : await create.mutateAsync(body);
        return { name: body.name, warnings: saved.issues.length };
      }}
      savedText={(saved, e) =>
        saved.warnings
          ? t('mailTemplates.savedWithWarnings', { name: saved.name, count: saved.warnings })
          : t(e.mode === 'edit' ? 'mailTemplates.saved' : 'mailTemplates.created', { name: saved.name })
      }
      reload={(tpl) => fetchTemplateContent(tpl.templateId)}
      onReloaded={onReloaded}
      conflict={() => ({ field: 'name', text: t('mailTemplates.taken') })}
      below={() => <TemplateChecks kind={kind} />}
      history={{ open: onHistory, testId: 'template-history' }}
      width={820}
      testId="template-form"
      saveTestId="template-save"
    />
  );
}
