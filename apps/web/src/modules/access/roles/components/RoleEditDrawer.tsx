import { roles as ep, permissionTitle } from '@bo/contract';
import type { Role } from '@bo/contract/access/roles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Space, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTexts } from '../../../../shared/i18n/lang';
import { EditDrawer, type Editor, type FormField } from '../../../../shared/kit/EditDrawer';
import { queriesNeeded } from '../../../../shared/kit/form-needs';
import { roleKeys } from '../../access.keys';
import { indexTree } from '../permission-tree';
import { allRolesQuery, permissionTreeQuery, rolePermissionsQuery, useCreateRole, useUpdateRole } from '../roles.queries';
import { PermissionTreeField } from './PermissionTreeField';

interface Values {
  name: string;
  description: string;
  permissionIds: number[];
}

interface Props {
  editor: Editor<Role> | null;
  onClose: () => void;
  /** The role as the server has it now, after a stale save. */
  onReloaded: (role: Role) => void;
  /** Opens the role's change history. */
  onHistory: (role: Role) => void;
}

/**
 * Creates or edits a role: name, description and the permission tree. The form opens once the
 * tree and (for an edit) what the role holds have loaded; edits carry the version they were made on.
 */
export function RoleEditDrawer({ editor, onClose, onReloaded, onHistory }: Props) {
  const { t, lang } = useTexts();
  const client = useQueryClient();
  const create = useCreateRole();
  const update = useUpdateRole();
  const role = editor?.mode === 'edit' ? editor.record : null;
  const tree = useQuery({ ...permissionTreeQuery(), enabled: editor !== null });
  const held = useQuery({ ...rolePermissionsQuery(role?.id ?? 0), enabled: role !== null });
  const index = useMemo(() => indexTree(tree.data ?? []), [tree.data]);
  const heldNow = role ? (held.data ?? []) : [];
  /** Held permissions outside what the editor may grant: the server refuses them, so saving drops them. */
  const ungrantable = heldNow.filter((p) => !index.grantable.has(p.id));

  const fields: FormField<Values>[] = [
    { name: 'name', label: t('roles.field.name'), testId: 'role-name' },
    { name: 'description', label: t('roles.field.description'), input: 'textarea', testId: 'role-description' },
    {
      name: 'permissionIds',
      label: t('roles.field.permissions'),
      input: <PermissionTreeField tree={tree.data ?? []} index={index} />,
    },
  ];

  return (
    <EditDrawer<Role, Values, string>
      editor={editor}
      onClose={onClose}
      title={(e) => (e.mode === 'edit' ? t('roles.editTitle', { name: e.record.name }) : t('roles.createTitle'))}
      schema={ep.createRole.body}
      updateSchema={ep.updateRole.body}
      fields={fields}
      needs={queriesNeeded(tree, ...(role ? [held] : []))}
      initialValues={(e) => ({
        name: e.mode === 'edit' ? e.record.name : '',
        description: e.mode === 'edit' ? e.record.description : '',
        permissionIds: heldNow.map((p) => p.id),
      })}
      intro={() =>
        ungrantable.length > 0 && (
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
        )
      }
      onSubmit={async (v, e) => {
        const body = {
          name: v.name,
          description: v.description ?? '',
          permissionIds: (v.permissionIds ?? []).filter((id) => index.grantable.has(id)),
        };
        if (e.mode === 'edit') await update.mutateAsync({ ...body, id: e.record.id, version: e.record.version });
        else await create.mutateAsync(body);
        return body.name;
      }}
      savedText={(name, e) => t(e.mode === 'edit' ? 'roles.saved' : 'roles.created', { name })}
      reload={async (r) => {
        await client.invalidateQueries({ queryKey: roleKeys.lists() });
        const fresh = (await client.fetchQuery(allRolesQuery())).find((x) => x.id === r.id) ?? null;
        // The form reopens from the role's version and what it holds now.
        if (fresh) await client.refetchQueries({ queryKey: roleKeys.permissions(r.id) });
        return fresh;
      }}
      onReloaded={onReloaded}
      conflict={() => ({ field: 'name', text: t('roles.nameTaken') })}
      history={{ open: onHistory, testId: 'role-history' }}
      width={760}
      testId="role-form"
      drawerTestId="role-drawer"
      saveTestId="role-save"
    />
  );
}
