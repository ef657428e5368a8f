import { organization as ep } from '@bo/contract';
import type { Department, Employee } from '@bo/contract/organization/organization';
import { List, Typography } from 'antd';
import { useTexts } from '../../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { deptName, deptOptions } from '../dept-tree';
import { useCreateEmployee, useMemberships, useMoveEmployee, useUpdateEmployee, useUserOptions } from '../organization.queries';
import { IsoDateInput } from './IsoDateInput';

interface Values {
  employeeId: string;
  name: string;
  position: string;
  deptId: number;
  effectiveFrom?: string;
  leaderUserId: number | null;
  userId: number | null;
}

/** An employee's departments over time, under the edit form. */
function MembershipList({ id }: { id: number }) {
  const { t, lang } = useTexts();
  const q = useMemberships(id);
  return (
    <List
      size="small"
      header={<Typography.Text strong>{t('organization.memberships')}</Typography.Text>}
      loading={q.isPending}
      dataSource={q.data ?? []}
      renderItem={(m) => (
        <List.Item data-testid={`membership-${m.id}`}>
          <Typography.Text>{deptName({ name: m.deptName, nameEn: m.deptNameEn }, lang)}</Typography.Text>
          <Typography.Text type="secondary">
            {m.effectiveFrom} – {m.effectiveTo ?? t('organization.current')}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}

/** Adds an employee (into the picked department by default) or edits one: name, position, own leader, linked user. */
export function EmployeeDrawer({
  editor,
  departments,
  defaultDept,
  onClose,
}: {
  editor: Editor<Employee> | null;
  departments: readonly Department[];
  defaultDept: number | undefined;
  onClose: () => void;
}) {
  const { t, lang } = useTexts();
  const users = useUserOptions();
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const userChoices = (users.data ?? []).map((u) => ({ value: u.id, label: `${u.userName} (${u.loginName})` }));
  const onlyCreate = ['edit'] as const;

  return (
    <EditDrawer<Employee, Values, Employee>
      editor={editor}
      onClose={onClose}
      title={(e) =>
        e.mode === 'edit' ? t('organization.editEmployeeTitle', { name: e.record.name }) : t('organization.createEmployeeTitle')
      }
      schema={ep.createEmployee.body}
      updateSchema={ep.updateEmployee.body}
      fields={[
        {
          name: 'employeeId',
          label: t('organization.field.employeeId'),
          span: 12,
          disabled: (m) => m === 'edit',
          testId: 'emp-id',
        },
        { name: 'name', label: t('organization.field.employeeName'), span: 12, testId: 'emp-name' },
        { name: 'position', label: t('organization.field.position'), testId: 'emp-position' },
        {
          name: 'deptId',
          label: t('organization.field.dept'),
          input: 'select',
          options: deptOptions(departments, lang),
          hiddenIn: onlyCreate,
          span: 12,
          testId: 'emp-dept',
        },
        {
          name: 'effectiveFrom',
          label: t('organization.field.since'),
          input: <IsoDateInput testId="emp-since" />,
          extra: t('organization.sinceHint'),
          hiddenIn: onlyCreate,
          span: 12,
        },
        {
          name: 'leaderUserId',
          label: t('organization.field.ownLeader'),
          input: 'select',
          options: userChoices,
          extra: t('organization.ownLeaderHint'),
          testId: 'emp-leader',
        },
        {
          name: 'userId',
          label: t('organization.field.user'),
          input: 'select',
          options: userChoices,
          extra: t('organization.userHint'),
          testId: 'emp-user',
        },
      ]}
      initialValues={(e) => {
        const r = e.mode === 'edit' ? e.record : null;
        return {
          employeeId: r?.employeeId ?? '',
          name: r?.name ?? '',
          position: r?.position ?? '',
          ...(r ? {} : { deptId: defaultDept }),
          leaderUserId: r?.leaderUserId ?? null,
          userId: r?.userId ?? null,
        };
      }}
      onSubmit={(v, e) => {
        const common = {
          name: v.name.trim(),
          position: v.position?.trim() ?? '',
          leaderUserId: v.leaderUserId ?? null,
          userId: v.userId ?? null,
        };
        return e.mode === 'edit'
          ? update.mutateAsync({ ...common, id: e.record.id, version: e.record.version })
          : create.mutateAsync({
              ...common,
              employeeId: v.employeeId.trim(),
              deptId: v.deptId,
              ...(v.effectiveFrom ? { effectiveFrom: v.effectiveFrom } : {}),
            });
      }}
      savedText={(saved, e) =>
        t(e.mode === 'edit' ? 'organization.employeeSaved' : 'organization.employeeCreated', { name: saved.name })
      }
      conflict={(e) => (e.mode === 'edit' ? undefined : { field: 'employeeId', text: t('organization.employeeTaken') })}
      below={(e) => (e.mode === 'edit' ? <MembershipList id={e.record.id} /> : null)}
      testId="emp-form"
      saveTestId="emp-save"
    />
  );
}

interface MoveValues {
  deptId: number;
  effectiveFrom: string;
}

/** Moves an employee to another department from a day: the old membership ends the day before. */
export function MoveEmployeeDrawer({
  editor,
  departments,
  onClose,
}: {
  editor: Editor<Employee> | null;
  departments: readonly Department[];
  onClose: () => void;
}) {
  const { t, lang } = useTexts();
  const move = useMoveEmployee();
  return (
    <EditDrawer<Employee, MoveValues, Employee>
      editor={editor}
      onClose={onClose}
      title={(e) => t('organization.moveEmployeeTitle', { name: e.mode === 'edit' ? e.record.name : '' })}
      schema={ep.moveEmployee.body}
      fields={[
        {
          name: 'deptId',
          label: t('organization.field.dept'),
          input: 'select',
          options: deptOptions(departments, lang),
          testId: 'move-dept',
        },
        {
          name: 'effectiveFrom',
          label: t('organization.field.effectiveFrom'),
          input: <IsoDateInput testId="move-from" />,
          extra: t('organization.effectiveHint'),
        },
      ]}
      initialValues={() => ({ effectiveFrom: new Date().toISOString().slice(0, 10) })}
      onSubmit={(v, e) => {
        if (e.mode !== 'edit') throw new Error('a move needs the employee');
        return move.mutateAsync({ id: e.record.id, version: e.record.version, deptId: v.deptId, effectiveFrom: v.effectiveFrom });
      }}
      savedText={(saved) => t('organization.employeeMoved', { name: saved.name })}
      below={(e) => (e.mode === 'edit' ? <MembershipList id={e.record.id} /> : null)}
      testId="move-form"
      saveTestId="move-save"
    />
  );
}
