import type { Role } from '@bo/contract/access/roles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Drawer } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../../../shared/components/QueryStates';
import { useNotify } from '../../../../shared/components/use-notify';
import { roleKeys } from '../../access.keys';
import { indexTree } from '../permission-tree';
import { allRolesQuery, permissionTreeQuery, rolePermissionsQuery } from '../roles.queries';
import { RoleForm } from './RoleForm';

export type RoleEditor = { mode: 'create' } | { mode: 'edit'; role: Role };

interface Props {
  editor: RoleEditor | null;
  onClose: () => void;
  /** The role as the server has it now, after a stale save. */
  onReloaded: (role: Role) => void;
}

/** Creates or edits a role in a drawer; the tree comes from the server, the role's own permissions pre-check it. */
export function RoleEditDrawer({ editor, onClose, onReloaded }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const client = useQueryClient();
  const role = editor?.mode === 'edit' ? editor.role : null;
  const tree = useQuery({ ...permissionTreeQuery(), enabled: editor !== null });
  const held = useQuery({ ...rolePermissionsQuery(role?.id ?? 0), enabled: role !== null });
  const index = useMemo(() => indexTree(tree.data ?? []), [tree.data]);

  const reload = async () => {
    if (!role) return;
    await client.invalidateQueries({ queryKey: roleKeys.lists() });
    const fresh = (await client.fetchQuery(allRolesQuery())).find((r) => r.id === role.id);
    if (!fresh) {
      notify.error(t('roles.gone'));
      onClose();
      return;
    }
    await client.refetchQueries({ queryKey: roleKeys.permissions(role.id) });
    onReloaded(fresh);
  };

  const pending = tree.isPending || (role !== null && held.isPending);
  const error = tree.error ?? (role ? held.error : null);

  return (
    <Drawer
      open={editor !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={role ? t('roles.editTitle', { name: role.name }) : t('roles.createTitle')}
      data-testid="role-drawer"
    >
      <QueryStates
        pending={pending}
        error={error}
        onRetry={() => void Promise.all([tree.refetch(), role ? held.refetch() : null])}
        rows={10}
      >
        {tree.data && (
          <RoleForm
            // A reload brings a new version and new permissions: show the form afresh.
            key={`${role?.id ?? 'new'}:${role?.version ?? 0}:${held.dataUpdatedAt}`}
            role={role}
            tree={tree.data}
            index={index}
            held={role ? (held.data ?? []) : []}
            onDone={onClose}
            onCancel={onClose}
            onReload={reload}
          />
        )}
      </QueryStates>
    </Drawer>
  );
}
