import { users as ep } from '@bo/contract';
import type { UserGroup } from '@bo/contract/access/users';
import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { SaveCancel } from '../../../shared/components/SaveCancel';
import { useNotify } from '../../../shared/components/use-notify';
import { applyFieldErrors, zodRule } from '../../../shared/forms/form-rules';
import { isApiError } from '../../../shared/http/api-error';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { groupMemberOptionsQuery, useCreateGroup, useUpdateGroup } from './user-groups.queries';

export type GroupEditor = { mode: 'create' } | { mode: 'edit'; group: UserGroup };
interface Values {
  name: string;
  description: string;
  userIds: number[];
}
const shape = ep.createUserGroup.body.shape;
const FIELDS = ['name', 'description', 'userIds'] as const;

/** Creates or edits a user group: name, description, members of the account. */
export function UserGroupDrawer({ editor, onClose }: { editor: GroupEditor | null; onClose: () => void }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const members = useQuery({ ...groupMemberOptionsQuery(), enabled: editor !== null });
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!editor) return;
    setError(null);
    form.setFieldsValue(
      editor.mode === 'edit'
        ? { name: editor.group.name, description: editor.group.description, userIds: editor.group.members.map((m) => m.id) }
        : { name: '', description: '', userIds: [] },
    );
  }, [editor, form]);

  const submit = async (v: Values) => {
    setError(null);
    try {
      if (editor?.mode === 'edit')
        await update.mutateAsync({ id: editor.group.id, body: { ...v, version: editor.group.version } });
      else await create.mutateAsync(v);
      notify.success(t('userGroups.saved'));
      onClose();
    } catch (err) {
      if (isApiError(err) && err.status === 409) setError(err.message);
      else if (!applyFieldErrors(form, err, lang, FIELDS)) setError(errorText(err, lang));
    }
  };

  return (
    <Drawer
      open={editor !== null}
      onClose={onClose}
      size={520}
      title={editor?.mode === 'edit' ? t('userGroups.edit') : t('userGroups.create')}
      destroyOnHidden
      extra={
        <SaveCancel
          onCancel={onClose}
          onSave={() => form.submit()}
          saving={create.isPending || update.isPending}
          testId="group-save"
        />
      }
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="group-form">
        {error && <Alert type="error" showIcon title={error} className="bo-form-alert" />}
        <Form.Item name="name" label={t('userGroups.name')} rules={[zodRule(shape.name, lang)]}>
          <Input maxLength={64} data-testid="group-name" />
        </Form.Item>
        <Form.Item name="description" label={t('userGroups.description')}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        <Form.Item name="userIds" label={t('userGroups.members')}>
          <Select
            mode="multiple"
            loading={members.isPending}
            optionFilterProp="label"
            options={(members.data ?? []).map((u) => ({ value: u.id, label: `${u.userName} (${u.loginName})` }))}
            data-testid="group-members"
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
