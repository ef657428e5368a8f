import { ERROR_CODES, STATUS } from '@bo/contract';
import type { TreeKind, TreeNode } from '@bo/contract/mail/cs-trees';
import { createTreeNode } from '@bo/contract/mail/cs-trees';
import { Alert, Form, Input, Modal, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../shared/components/use-notify';
import { applyFieldErrors, zodRule } from '../../../../shared/forms/form-rules';
import { isApiError } from '../../../../shared/http/api-error';
import { errorText } from '../../../../shared/http/error-text';
import { useLang } from '../../../../shared/i18n/lang';
import { useCreateNode, useUpdateNode } from '../cs-trees.queries';

export type NodeEditor = { mode: 'create'; parent: TreeNode | null } | { mode: 'edit'; node: TreeNode };
interface Values {
  name: string;
  nameEn: string;
  enabled: boolean;
}
const shape = createTreeNode.body.shape;

/** Adds a node under a parent, or renames / enables / disables one. */
export function NodeModal({ kind, editor, onClose }: { kind: TreeKind; editor: NodeEditor; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const create = useCreateNode(kind);
  const update = useUpdateNode(kind);
  const [problem, setProblem] = useState<string | null>(null);
  const node = editor.mode === 'edit' ? editor.node : null;

  const submit = async (v: Values) => {
    setProblem(null);
    const name = v.name.trim();
    try {
      if (node)
        await update.mutateAsync({
          id: node.id,
          version: node.version,
          name,
          nameEn: v.nameEn?.trim() ?? '',
          enabled: v.enabled,
        });
      else if (editor.mode === 'create')
        await create.mutateAsync({ parentId: editor.parent?.id ?? null, name, nameEn: v.nameEn?.trim() ?? '' });
      notify.success(t(node ? 'csTrees.saved' : 'csTrees.created', { name }));
      onClose();
    } catch (err) {
      if (isApiError(err) && err.code === ERROR_CODES.STALE_VERSION) {
        notify.error(t('csTrees.stale'));
        onClose();
      } else if (isApiError(err) && err.status === STATUS.CONFLICT && err.fields.length)
        applyFieldErrors(form, err, lang, ['name']);
      else if (!applyFieldErrors(form, err, lang, ['name', 'nameEn', 'enabled'])) setProblem(errorText(err, lang));
    }
  };

  const title = node
    ? t('csTrees.editTitle')
    : editor.mode === 'create' && editor.parent
      ? t('csTrees.createChildTitle', { parent: editor.parent.name })
      : t('csTrees.createTitle');
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'tree-node-save' }}
      destroyOnHidden
    >
      {problem && <Alert type="error" showIcon className="bo-form-alert" title={problem} />}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ name: node?.name ?? '', nameEn: node?.nameEn ?? '', enabled: node?.enabled ?? true }}
        data-testid="tree-node-form"
      >
        <Form.Item name="name" label={t('csTrees.field.name')} rules={[zodRule(shape.name, lang)]}>
          <Input maxLength={60} autoFocus data-testid="tree-node-name" />
        </Form.Item>
        <Form.Item name="nameEn" label={t('csTrees.field.nameEn')}>
          <Input maxLength={80} data-testid="tree-node-name-en" />
        </Form.Item>
        {node && (
          <Form.Item name="enabled" label={t('csTrees.field.enabled')} valuePropName="checked">
            <Switch data-testid="tree-node-enabled" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
