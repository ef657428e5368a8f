import { roles as ep, permissionTitle } from '@bo/contract';
import type { PermissionTreeNode, Role } from '@bo/contract/access/roles';
import { Alert, Button, Form, Input, Space, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../shared/components/use-notify';
import { useEditFormProblem } from '../../../../shared/forms/edit-form-problem';
import { zodRule } from '../../../../shared/forms/form-rules';
import { useLang } from '../../../../shared/i18n/lang';
import type { TreeIndex } from '../permission-tree';
import { useCreateRole, useUpdateRole } from '../roles.queries';
import { PermissionTreeField } from './PermissionTreeField';

interface Values {
  name: string;
  description: string;
  permissionIds: number[];
}

const FIELDS = ['name', 'description', 'permissionIds'] as const;
const shape = ep.createRole.body.shape;

interface Props {
  /** null: a new role. */
  role: Role | null;
  tree: readonly PermissionTreeNode[];
  index: TreeIndex;
  /** What the role holds now (edit only). */
  held: readonly { id: number; authPattern: string }[];
  onDone: () => void;
  onCancel: () => void;
  /** Loads the role as it is now; the form is then shown afresh. */
  onReload: () => Promise<void>;
}

/** Name, description and the permission tree of a role; edits carry the version they were made on. */
export function RoleForm({ role, tree, index, held, onDone, onCancel, onReload }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const create = useCreateRole();
  const update = useUpdateRole();
  const { problem, clear, report, reload, reloading } = useEditFormProblem(form, onReload);
  /** Held permissions outside what the editor may grant: the server refuses them, so saving drops them. */
  const ungrantable = useMemo(() => held.filter((p) => !index.grantable.has(p.id)), [held, index]);

  const submit = async (values: Values) => {
    clear();
    const body = {
      name: values.name,
      description: values.description ?? '',
      permissionIds: values.permissionIds.filter((id) => index.grantable.has(id)),
    };
    try {
      if (role) await update.mutateAsync({ ...body, id: role.id, version: role.version });
      else await create.mutateAsync(body);
      notify.success(t(role ? 'roles.saved' : 'roles.created', { name: body.name }));
      onDone();
    } catch (err) {
      report(err, { fields: FIELDS, conflict: { field: 'name', text: t('roles.nameTaken') } });
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      initialValues={{ name: role?.name ?? '', description: role?.description ?? '', permissionIds: held.map((p) => p.id) }}
      data-testid="role-form"
    >
      {problem?.kind === 'stale' && (
        <Alert
          type="warning"
          showIcon
          className="bo-form-alert"
          title={t('roles.stale.title')}
          description={t('roles.stale.text')}
          data-testid="role-stale"
          action={
            <Button size="small" type="primary" loading={reloading} onClick={() => void reload()} data-testid="role-reload">
              {t('common.reload')}
            </Button>
          }
        />
      )}
      {problem?.kind === 'error' && <Alert type="error" showIcon className="bo-form-alert" title={problem.text} />}
      {ungrantable.length > 0 && (
        <Alert
          type="info"
          showIcon
          className="bo-form-alert"
          title={t('roles.ungrantable', { count: ungrantable.length })}
          description={
            <Space wrap size={4} data-testid="role-ungrantable">
              {ungrantable.map((p) => (
                <Tooltip key={p.id} title={p.authPattern}>
                  <Tag>{permissionTitle(p.authPattern, lang) ?? p.authPattern}</Tag>
                </Tooltip>
              ))}
            </Space>
          }
        />
      )}
      <Form.Item name="name" label={t('roles.field.name')} rules={[zodRule(shape.name, lang)]}>
        <Input maxLength={64} data-testid="role-name" />
      </Form.Item>
      <Form.Item name="description" label={t('roles.field.description')} rules={[zodRule(shape.description, lang)]}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="role-description" />
      </Form.Item>
      <Form.Item name="permissionIds" label={t('roles.field.permissions')}>
        <PermissionTreeField tree={tree} index={index} />
      </Form.Item>
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending} data-testid="role-save">
          {t('common.save')}
        </Button>
      </Space>
    </Form>
  );
}
