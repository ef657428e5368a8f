import { users as ep } from '@bo/contract';
import type { ChildUser } from '@bo/contract/access/users';
import { useQuery } from '@tanstack/react-query';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../../shared/forms/NewPasswordFields';
import { EditDrawer, type Editor, type FormField } from '../../../../shared/kit/EditDrawer';
import { userShopsQuery } from '../../../shops/shops-auth/shops-auth.queries';
import { fetchFreshUser, roleOptionsQuery, useCreateUser, useUpdateUser } from '../users.queries';
import { RoleSelect } from './RoleSelect';

interface Values {
  loginName: string;
  password: string;
  userName: string;
  email: string;
  cellphone: string;
  roleIds: number[];
  shopIds: number[];
}

interface Props {
  editor: Editor<ChildUser> | null;
  onClose: () => void;
  /** The user as the server has them now, after a stale save. */
  onReloaded: (user: ChildUser) => void;
  /** Opens the user's change history. */
  onHistory: (user: ChildUser) => void;
}

const orNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** A user's name, contact, roles and shops; a new user also gets a login name and a password. */
export function UserEditDrawer({ editor, onClose, onReloaded, onHistory }: Props) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const update = useUpdateUser();
  const open = editor !== null;
  const roles = useQuery({ ...roleOptionsQuery(), enabled: open });
  const shops = useQuery({ ...userShopsQuery(), enabled: open });

  const fields: FormField<Values>[] = [
    {
      name: 'loginName',
      label: t('users.field.loginName'),
      extra: t('register.loginNameHint'),
      hiddenIn: ['edit'],
      testId: 'user-login-name',
    },
    { name: 'userName', label: t('users.field.userName'), testId: 'user-display-name' },
    {
      name: 'email',
      label: t('users.field.email'),
      span: 12,
      input: <Input type="email" maxLength={254} placeholder={t('users.optional')} data-testid="user-email" />,
    },
    {
      name: 'cellphone',
      label: t('users.field.cellphone'),
      span: 12,
      placeholder: t('users.optional'),
      testId: 'user-cellphone',
    },
    {
      name: 'password',
      label: t('users.field.password'),
      hiddenIn: ['edit'],
      bare: true,
      input: (
        <NewPasswordFields
          name="password"
          label={t('users.field.password')}
          sideBySide
          testId="user-password"
          confirmTestId="user-password-confirm"
        />
      ),
    },
    {
      name: 'roleIds',
      label: t('users.field.roles'),
      extra: t('users.rolesHint'),
      input: <RoleSelect roles={roles} placeholder={t('users.rolesPlaceholder')} testId="user-roles" />,
    },
    {
      name: 'shopIds',
      label: t('users.field.shops'),
      input: (
        <Select
          mode="multiple"
          allowClear
          loading={shops.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          placeholder={t('users.shopsPlaceholder')}
          maxTagCount="responsive"
          data-testid="user-shops"
        />
      ),
    },
  ];

  return (
    <EditDrawer<ChildUser, Values, string>
      editor={editor}
      onClose={onClose}
      title={(e) => (e.mode === 'edit' ? t('users.editTitle', { name: e.record.loginName }) : t('users.createTitle'))}
      schema={ep.createChildUser.body}
      updateSchema={ep.updateChildUser.body}
      fields={fields}
      initialValues={(e) => {
        const user = e.mode === 'edit' ? e.record : null;
        return {
          userName: user?.userName ?? '',
          email: user?.email ?? '',
          cellphone: user?.cellphone ?? '',
          roleIds: user?.roles.map((r) => r.id) ?? [],
          shopIds: user?.shopIds ?? [],
        };
      }}
      onSubmit={async (v, e) => {
        const editable = {
          userName: v.userName,
          email: orNull(v.email),
          cellphone: orNull(v.cellphone),
          roleIds: v.roleIds ?? [],
          shopIds: v.shopIds ?? [],
        };
        if (e.mode === 'edit') {
          await update.mutateAsync({ id: e.record.id, body: { ...editable, version: e.record.version } });
          return e.record.loginName;
        }
        await create.mutateAsync({ ...editable, loginName: v.loginName, password: v.password });
        return v.loginName;
      }}
      savedText={(name, e) => t(e.mode === 'edit' ? 'users.saved' : 'users.created', { name })}
      reload={fetchFreshUser}
      onReloaded={onReloaded}
      conflict={(e) => (e.mode === 'edit' ? undefined : { field: 'loginName', text: t('register.loginNameTaken') })}
      history={{ open: onHistory, testId: 'user-history' }}
      width={640}
      testId="user-form"
      saveTestId="user-save"
    />
  );
}
