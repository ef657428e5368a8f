import { saveFilter } from '@bo/contract/listings/filter';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../../shared/components/use-notify';
import { applyFieldErrors, zodRule } from '../../../../shared/forms/form-rules';
import { errorText } from '../../../../shared/http/error-text';
import { useTexts } from '../../../../shared/i18n/lang';
import { useSaveFilter } from '../filter.queries';

interface Props {
  open: boolean;
  /** The criteria to keep: the screen's query string without the page. */
  query: string;
  onClose: () => void;
}

const nameSchema = saveFilter.body.shape.name;

/** Saves the current criteria under a name of the caller's; the same name replaces that filter. */
export function SaveFilterModal({ open, query, onClose }: Props) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [form] = Form.useForm<{ name: string }>();
  const save = useSaveFilter();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    const { name } = await form.validateFields();
    setProblem(null);
    try {
      const saved = await save.mutateAsync({ name: name.trim(), query });
      notify.success(t('listings.filter.saved.done', { name: saved.name }));
      form.resetFields();
      onClose();
    } catch (err) {
      if (!applyFieldErrors(form, err, lang, ['name'])) setProblem(errorText(err, lang));
    }
  };

  return (
    <Modal
      open={open}
      title={t('listings.filter.saved.save')}
      onCancel={() => {
        setProblem(null);
        onClose();
      }}
      onOk={() => void submit()}
      okButtonProps={{ loading: save.isPending, ...({ 'data-testid': 'filter-save-submit' } as Record<string, string>) }}
      destroyOnHidden
      data-testid="filter-save-modal"
    >
      {problem && <Alert type="error" showIcon className="bo-form-alert" title={problem} />}
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="name" label={t('listings.filter.saved.name')} rules={[zodRule(nameSchema, lang)]}>
          <Input
            maxLength={60}
            placeholder={t('listings.filter.saved.namePlaceholder')}
            autoFocus
            data-testid="filter-save-name"
          />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{t('listings.filter.saved.replaceHint')}</Typography.Text>
    </Modal>
  );
}
