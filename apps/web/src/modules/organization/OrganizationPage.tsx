import { PlusOutlined } from '@ant-design/icons';
import { organization as ep } from '@bo/contract';
import type { Employee } from '@bo/contract/organization/organization';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { Can, useCan } from '../../shared/Can';
import { useTexts } from '../../shared/i18n/lang';
import type { Editor } from '../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { useKitList } from '../../shared/kit/use-list-query';
import { actionsColumn } from '../../shared/table/FitTable';
import { DeptPanel } from './components/DeptPanel';
import { EmployeeDrawer, MoveEmployeeDrawer } from './components/EmployeeDrawers';
import { deptName } from './dept-tree';
import { orgKeys, useDepartments, useUserOptions } from './organization.queries';

/** /organization: the department tree on the left, the picked department's employees on the right. */
export default function OrganizationPage() {
  const { t, lang } = useTexts();
  const can = useCan();
  const list = useKitList(ep.employeePage, orgKeys.employees);
  const depts = useDepartments();
  const users = useUserOptions();
  const departments = depts.data ?? [];
  const [editor, setEditor] = useState<Editor<Employee> | null>(null);
  const [moving, setMoving] = useState<Editor<Employee> | null>(null);
  const [history, setHistory] = useState<Employee | null>(null);
  const mayEdit = can('user:organization:edit');
  const userName = (id: unknown) => users.data?.find((u) => u.id === id)?.userName;

  const columns: KitColumn<Employee>[] = [
    {
      key: 'employeeId',
      sortable: true,
      priority: 'key',
      width: 120,
      title: t('organization.field.employeeId'),
      render: (_, e) => <Typography.Text strong>{e.employeeId}</Typography.Text>,
    },
    {
      key: 'name',
      sortable: true,
      priority: 'key',
      width: 140,
      title: t('organization.field.employeeName'),
      render: (_, e) => e.name,
    },
    {
      key: 'dept',
      priority: 'key',
      width: 120,
      title: t('organization.field.dept'),
      render: (_, e) => (e.deptName === null ? '—' : deptName({ name: e.deptName, nameEn: e.deptNameEn ?? '' }, lang)),
    },
    {
      key: 'position',
      width: 120,
      priority: 'normal',
      title: t('organization.field.position'),
      render: (_, e) => e.position || '—',
    },
    {
      key: 'leader',
      width: 150,
      priority: 'detail',
      title: t('organization.field.ownLeader'),
      render: (_, e) => e.leaderName ?? '—',
    },
    {
      key: 'user',
      width: 130,
      priority: 'detail',
      title: t('organization.field.user'),
      render: (_, e) => e.userLoginName ?? '—',
    },
    {
      key: 'since',
      sortable: true,
      width: 120,
      priority: 'detail',
      title: t('organization.field.since'),
      render: (_, e) => e.since ?? '—',
    },
    actionsColumn(t, 160, (_, e) => (
      <Space size={0}>
        {mayEdit && (
          <>
            <Button
              type="link"
              size="small"
              onClick={() => setEditor({ mode: 'edit', record: e })}
              data-testid={`emp-edit-${e.employeeId}`}
            >
              {t('common.edit')}
            </Button>
            <Button
              type="link"
              size="small"
              onClick={() => setMoving({ mode: 'edit', record: e })}
              data-testid={`emp-move-${e.employeeId}`}
            >
              {t('organization.moveEmployee')}
            </Button>
          </>
        )}
        <Button type="link" size="small" onClick={() => setHistory(e)} data-testid={`emp-history-${e.employeeId}`}>
          {t('kit.history.open')}
        </Button>
      </Space>
    )),
  ];

  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <DeptPanel selected={list.query.deptId} onSelect={(deptId) => list.set({ deptId })} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <ListPage
          testId="page-organization"
          texts="organization"
          list={list}
          filters={[
            { kind: 'text', key: 'keyword', placeholder: t('organization.search'), maxLength: 100, testId: 'emp-search' },
            {
              kind: 'segmented',
              key: 'recursive',
              options: [
                { value: 'true', label: t('organization.withSub') },
                { value: 'false', label: t('organization.directOnly') },
              ],
              testId: 'emp-recursive',
            },
          ]}
          toolbar={
            <Can permission="user:organization:create">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditor({ mode: 'create' })}
                disabled={departments.length === 0}
                data-testid="emp-create"
              >
                {t('organization.addEmployee')}
              </Button>
            </Can>
          }
          columns={columns}
          tableId="organization.employees"
          rowKey="id"
          tableTestId="emp-table"
          emptyText={t('organization.noEmployees')}
        />
      </div>
      <EmployeeDrawer editor={editor} departments={departments} defaultDept={list.query.deptId} onClose={() => setEditor(null)} />
      <MoveEmployeeDrawer editor={moving} departments={departments} onClose={() => setMoving(null)} />
      <HistoryDrawer
        entity="org_employee"
        entityId={history?.id ?? null}
        name={history?.name ?? ''}
        onClose={() => setHistory(null)}
        fieldLabels={{
          employeeId: t('organization.field.employeeId'),
          name: t('organization.field.employeeName'),
          position: t('organization.field.position'),
          deptId: t('organization.field.dept'),
          since: t('organization.field.since'),
          leaderUserId: t('organization.field.ownLeader'),
          userId: t('organization.field.user'),
        }}
        formatValue={(field, value) => {
          if (field === 'deptId') {
            const d = departments.find((x) => x.id === value);
            return d ? deptName(d, lang) : undefined;
          }
          if (field === 'leaderUserId' || field === 'userId') return userName(value);
          return undefined;
        }}
      />
    </div>
  );
}
