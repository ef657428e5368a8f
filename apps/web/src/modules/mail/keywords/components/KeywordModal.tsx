import { fieldText } from '@bo/contract';
import {
  dialogueKeywords,
  KEYWORD_FIELDS,
  KEYWORD_MATCH_TYPES,
  type KeywordKind,
  type KeywordRule,
} from '@bo/contract/mail/keywords';
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../shared/components/use-notify';
import { useEditFormProblem } from '../../../../shared/forms/edit-form-problem';
import { zodRule } from '../../../../shared/forms/form-rules';
import { useLang } from '../../../../shared/i18n/lang';
import { useCreateKeyword, useUpdateKeyword } from '../keywords.queries';
import { TargetSelect } from './TargetSelect';

interface Values {
  keyword: string;
  matchType: (typeof KEYWORD_MATCH_TYPES)[number];
  field: (typeof KEYWORD_FIELDS)[number];
  priority: number;
  enabled: boolean;
  targetId: number;
}
const FIELDS = ['keyword', 'matchType', 'field', 'priority', 'enabled', 'targetId'] as const;
const shape = dialogueKeywords.create.body.shape;

/** Creates or edits one rule; a stale edit offers to close and reload the list. */
export function KeywordModal({ kind, rule, onClose }: { kind: KeywordKind; rule: KeywordRule | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const create = useCreateKeyword(kind);
  const update = useUpdateKeyword(kind);
  const { problem, clear, report } = useEditFormProblem(form, async () => onClose());

  const submit = async (v: Values) => {
    clear();
    const body = { ...v, keyword: v.keyword.trim(), priority: v.priority ?? 0 };
    try {
      if (rule) await update.mutateAsync({ ...body, id: rule.id, version: rule.version });
      else await create.mutateAsync(body);
      notify.success(t(rule ? 'mailKeywords.saved' : 'mailKeywords.created', { keyword: body.keyword }));
      onClose();
    } catch (err) {
      report(err, { fields: FIELDS, conflict: { field: 'keyword', text: t('mailKeywords.taken') } });
    }
  };

  return (
    <Modal
      open
      title={t(rule ? 'mailKeywords.editTitle' : 'mailKeywords.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'keyword-save' }}
      destroyOnHidden
    >
      {problem?.kind === 'stale' && (
        <Alert
          type="warning"
          showIcon
          className="bo-form-alert"
          title={t('mailKeywords.stale.title')}
          description={t('mailKeywords.stale.text')}
          action={
            <Button size="small" type="primary" onClick={onClose}>
              {t('common.reload')}
            </Button>
          }
        />
      )}
      {problem?.kind === 'error' && <Alert type="error" showIcon className="bo-form-alert" title={problem.text} />}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{
          keyword: rule?.keyword ?? '',
          matchType: rule?.matchType ?? 'contains',
          field: rule?.field ?? 'any',
          priority: rule?.priority ?? 0,
          enabled: rule?.enabled ?? true,
          targetId: rule?.targetId,
        }}
        data-testid="keyword-form"
      >
        <Form.Item name="keyword" label={t('mailKeywords.column.keyword')} rules={[zodRule(shape.keyword, lang)]}>
          <Input maxLength={100} autoFocus data-testid="keyword-keyword" />
        </Form.Item>
        <Form.Item
          name="targetId"
          label={t(`mailKeywords.${kind}.target`)}
          rules={[{ required: true, message: fieldText('required', lang) }]}
        >
          <TargetSelect kind={kind} testId="keyword-target" />
        </Form.Item>
        <Form.Item name="matchType" label={t('mailKeywords.column.matchType')}>
          <Radio.Group
            optionType="button"
            options={KEYWORD_MATCH_TYPES.map((m) => ({ value: m, label: t(`mailKeywords.matchType.${m}`) }))}
          />
        </Form.Item>
        <Form.Item name="field" label={t('mailKeywords.column.field')}>
          <Select options={KEYWORD_FIELDS.map((f) => ({ value: f, label: t(`mailKeywords.field.${f}`) }))} />
        </Form.Item>
        <Form.Item name="priority" label={t('mailKeywords.column.priority')}>
          <InputNumber min={0} max={1000} precision={0} data-testid="keyword-priority" />
        </Form.Item>
        <Form.Item name="enabled" label={t('mailKeywords.column.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
