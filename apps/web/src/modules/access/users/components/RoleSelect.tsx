import type { ChildUserRole } from '@bo/contract/access/users';
import type { UseQueryResult } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props extends Omit<SelectProps<number[]>, 'options' | 'mode'> {
  /** The account's roles (`roleOptionsQuery`), loaded by the form while it is open. */
  roles: Pick<UseQueryResult<readonly ChildUserRole[]>, 'data' | 'isPending'>;
  testId: string;
}

/** The roles to give a user: several, searched by name; a role the caller may not give shows greyed out, saying so on hover. */
export function RoleSelect({ roles, testId, ...select }: Props) {
  const { t } = useTranslation();
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      loading={roles.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      options={(roles.data ?? []).map((r) => ({
        value: r.id,
        label: r.name,
        disabled: !r.assignable,
        title: r.assignable ? r.name : t('users.roleNotAssignable'),
      }))}
      data-testid={testId}
      {...select}
    />
  );
}
