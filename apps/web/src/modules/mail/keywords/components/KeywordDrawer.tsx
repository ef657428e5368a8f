import { KEYWORD_FIELDS, KEYWORD_MATCH_TYPES, type KeywordKind, type KeywordRule } from '@bo/contract/mail/keywords';
import { useTranslation } from 'react-i18next';
import { EditDrawer, type Editor, type FormField } from '../../../../shared/kit/EditDrawer';
import { fetchKeywordRule, KEYWORD_ENDPOINTS, useCreateKeyword, useUpdateKeyword } from '../keywords.queries';
import { TargetSelect } from './TargetSelect';

interface Values {
  keyword: string;
  matchType: (typeof KEYWORD_MATCH_TYPES)[number];
  field: (typeof KEYWORD_FIELDS)[number];
  priority: number | null;
  enabled: boolean;
  targetId: number;
}

interface Props {
  kind: KeywordKind;
  editor: Editor<KeywordRule> | null;
  onClose: () => void;
  onReloaded: (rule: KeywordRule) => void;
  onHistory: (rule: KeywordRule) => void;
}

/** Creates or edits one rule: the keyword, where it looks, how it matches, and the target it routes to. */
export function KeywordDrawer({ kind, editor, onClose, onReloaded, onHistory }: Props) {
  const { t } = useTranslation();
  const create = useCreateKeyword(kind);
  const update = useUpdateKeyword(kind);

  const fields: FormField<Values>[] = [
    { name: 'keyword', label: t('mailKeywords.column.keyword'), testId: 'keyword-keyword' },
    { name: 'targetId', label: t(`mailKeywords.${kind}.target`), input: <TargetSelect kind={kind} testId="keyword-target" /> },
    {
      name: 'matchType',
      label: t('mailKeywords.column.matchType'),
      input: 'radio',
      options: KEYWORD_MATCH_TYPES.map((m) => ({ value: m, label: t(`mailKeywords.matchType.${m}`) })),
    },
    {
      name: 'field',
      label: t('mailKeywords.column.field'),
      input: 'select',
      options: KEYWORD_FIELDS.map((f) => ({ value: f, label: t(`mailKeywords.field.${f}`) })),
    },
    { name: 'priority', label: t('mailKeywords.column.priority'), precision: 0, span: 12, testId: 'keyword-priority' },
    { name: 'enabled', label: t('mailKeywords.column.enabled'), span: 12 },
  ];

  return (
    <EditDrawer<KeywordRule, Values, KeywordRule>
      editor={editor}
      onClose={onClose}
      title={(e) => t(e.mode === 'edit' ? 'mailKeywords.editTitle' : 'mailKeywords.createTitle')}
      schema={KEYWORD_ENDPOINTS[kind].create.body}
      updateSchema={KEYWORD_ENDPOINTS[kind].update.body}
      fields={fields}
      initialValues={(e) => {
        const r = e.mode === 'create' ? null : e.record;
        return {
          keyword: r?.keyword ?? '',
          matchType: r?.matchType ?? 'contains',
          field: r?.field ?? 'any',
          priority: r?.priority ?? 0,
          enabled: r?.enabled ?? true,
          targetId: r?.targetId,
        };
      }}
      onSubmit={(v, e) => {
        const body = { ...v, keyword: v.keyword.trim(), priority: v.priority ?? 0 };
        return e.mode === 'edit'
          ? update.mutateAsync({ ...body, id: e.record.id, version: e.record.version })
          : create.mutateAsync(body);
      }}
      savedText={(saved, e) => t(e.mode === 'edit' ? 'mailKeywords.saved' : 'mailKeywords.created', { keyword: saved.keyword })}
      reload={(r) => fetchKeywordRule(kind, r)}
      onReloaded={onReloaded}
      conflict={() => ({ field: 'keyword', text: t('mailKeywords.taken') })}
      history={{ open: onHistory, testId: 'keyword-history' }}
      width={520}
      testId="keyword-form"
      saveTestId="keyword-save"
    />
  );
}
