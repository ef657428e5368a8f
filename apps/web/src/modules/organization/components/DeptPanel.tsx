import { DeleteOutlined, DragOutlined, EditOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { organization as ep } from '@bo/contract';
import type { Department } from '@bo/contract/organization/organization';
import { Button, Card, Empty, Modal, Popconfirm, Select, Space, Tag, Tooltip, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Can } from '../../../shared/Can';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { useTexts } from '../../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { buildDeptTree, type DeptView, deptName, deptOptions, deptSubtree } from '../dept-tree';
import {
  useCreateDepartment,
  useDeleteDepartment,
  useDepartments,
  useFetchDepartment,
  useMoveDepartment,
  useUpdateDepartment,
  useUserOptions,
} from '../organization.queries';

interface DeptValues {
  name: string;
  nameEn: string;
  leaderUserId: number | null;
  enabled: boolean;
}

const TOP = 0;

/**
 * The department tree of /organization: pick a department (its employees show beside it), add
 * one at the top or under the picked one, edit, move, delete, and read its history.
 */
export function DeptPanel({ selected, onSelect }: { selected: number | undefined; onSelect: (id: number | undefined) => void }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const depts = useDepartments();
  const users = useUserOptions();
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const move = useMoveDepartment();
  const remove = useDeleteDepartment();
  const fetchDept = useFetchDepartment();
  const list = depts.data ?? [];
  const tree = useMemo(() => buildDeptTree(list), [list]);
  const current = list.find((d) => d.id === selected) ?? null;
  const [editor, setEditor] = useState<Editor<Department> | null>(null);
  const [parent, setParent] = useState<Department | null>(null);
  const [moving, setMoving] = useState<Department | null>(null);
  const [moveTo, setMoveTo] = useState<number>(TOP);
  const [history, setHistory] = useState<Department | null>(null);
  const userChoices = (users.data ?? []).map((u) => ({ value: u.id, label: `${u.userName} (${u.loginName})` }));

  const addUnder = (p: Department | null) => {
    setParent(p);
    setEditor({ mode: 'create' });
  };
  const del = async (d: Department) => {
    try {
      await remove.mutateAsync(d.id);
      notify.success(t('organization.deptDeleted', { name: deptName(d, lang) }));
      onSelect(undefined);
    } catch (err) {
      notify.failure(err);
    }
  };
  const submitMove = async () => {
    if (!moving) return;
    const parentId = moveTo === TOP ? null : moveTo;
    const index = list.filter((d) => d.parentId === parentId && d.id !== moving.id).length;
    try {
      await move.mutateAsync({ id: moving.id, version: moving.version, parentId, index });
      notify.success(t('organization.deptMoved', { name: deptName(moving, lang) }));
      setMoving(null);
    } catch (err) {
      notify.failure(err);
    }
  };

  const title = (v: DeptView) => (
    <Space size={6} wrap={false} data-testid={`dept-node-${v.dept.name}`}>
      <Typography.Text type={v.dept.enabled ? undefined : 'secondary'}>{deptName(v.dept, lang)}</Typography.Text>
      {v.dept.memberCount > 0 && (
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {t('organization.members', { count: v.dept.memberCount })}
        </Typography.Text>
      )}
      {!v.dept.enabled && <Tag>{t('organization.disabled')}</Tag>}
    </Space>
  );

  return (
    <Card
      title={t('organization.departments')}
      style={{ width: 260, flex: 'none' }}
      extra={
        <Can permission="user:organization:create">
          <Tooltip title={current ? t('organization.addSubDept') : t('organization.addDept')}>
            <Button size="small" icon={<PlusOutlined />} onClick={() => addUnder(current)} data-testid="dept-add" />
          </Tooltip>
        </Can>
      }
      data-testid="dept-panel"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button
          type={selected === undefined ? 'link' : 'text'}
          style={{ paddingInline: 0 }}
          onClick={() => onSelect(undefined)}
          data-testid="dept-all"
        >
          {t('organization.allDepartments')}
        </Button>
        <QueryStates pending={depts.isPending} error={depts.error} onRetry={() => void depts.refetch()}>
          {tree.length === 0 ? (
            <Empty description={t('organization.noDepartments')} />
          ) : (
            <Tree<DeptView>
              blockNode
              defaultExpandAll
              treeData={tree}
              titleRender={title}
              selectedKeys={selected === undefined ? [] : [selected]}
              onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
              data-testid="dept-tree"
            />
          )}
        </QueryStates>
        {current && (
          <Space wrap size={4} data-testid="dept-actions">
            <Can permission="user:organization:edit">
              <Tooltip title={t('organization.editDept')}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setEditor({ mode: 'edit', record: current })}
                  data-testid="dept-edit"
                />
              </Tooltip>
              <Tooltip title={t('organization.moveDept')}>
                <Button
                  size="small"
                  icon={<DragOutlined />}
                  onClick={() => {
                    setMoveTo(current.parentId ?? TOP);
                    setMoving(current);
                  }}
                  data-testid="dept-move"
                />
              </Tooltip>
            </Can>
            <Can permission="user:organization:delete">
              <Popconfirm
                title={t('organization.confirmDeleteDept', { name: deptName(current, lang) })}
                okText={t('common.delete')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true, 'data-testid': 'dept-delete-confirm' }}
                onConfirm={() => del(current)}
              >
                <Tooltip title={t('organization.deleteDept')}>
                  <Button size="small" danger icon={<DeleteOutlined />} data-testid="dept-delete" />
                </Tooltip>
              </Popconfirm>
            </Can>
            <Tooltip title={t('organization.deptHistory')}>
              <Button size="small" icon={<HistoryOutlined />} onClick={() => setHistory(current)} data-testid="dept-history" />
            </Tooltip>
          </Space>
        )}
      </Space>

      <EditDrawer<Department, DeptValues, Department>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) =>
          e.mode === 'edit'
            ? t('organization.editDeptTitle')
            : parent
              ? t('organization.createSubDeptTitle', { parent: deptName(parent, lang) })
              : t('organization.createDeptTitle')
        }
        schema={ep.createDepartment.body}
        updateSchema={ep.updateDepartment.body}
        fields={[
          {
            name: 'name',
            input: 'bilingual',
            label: t('organization.field.name'),
            pair: { name: 'nameEn', label: t('organization.field.nameEn'), testId: 'dept-name-en' },
            testId: 'dept-name',
          },
          {
            name: 'leaderUserId',
            label: t('organization.field.leader'),
            input: 'select',
            options: userChoices,
            placeholder: t('organization.leaderNone'),
            testId: 'dept-leader',
          },
          { name: 'enabled', label: t('organization.field.enabled'), hiddenIn: ['create'], testId: 'dept-enabled' },
        ]}
        initialValues={(e) => {
          const d = e.mode === 'edit' ? e.record : null;
          return {
            name: d?.name ?? '',
            nameEn: d?.nameEn ?? '',
            leaderUserId: d?.leaderUserId ?? null,
            enabled: d?.enabled ?? true,
          };
        }}
        onSubmit={(v, e) => {
          const body = { name: v.name.trim(), nameEn: v.nameEn?.trim() ?? '', leaderUserId: v.leaderUserId ?? null };
          return e.mode === 'edit'
            ? update.mutateAsync({ ...body, id: e.record.id, version: e.record.version, enabled: v.enabled })
            : create.mutateAsync({ ...body, parentId: parent?.id ?? null });
        }}
        savedText={(saved, e) =>
          t(e.mode === 'edit' ? 'organization.deptSaved' : 'organization.deptCreated', { name: deptName(saved, lang) })
        }
        onSaved={(saved, e) => {
          // A new department is picked at once, to add its people.
          if (e.mode !== 'edit') onSelect(saved.id);
          setEditor(null);
        }}
        reload={(d) => fetchDept(d.id)}
        onReloaded={(d) => setEditor({ mode: 'edit', record: d })}
        conflict={() => ({ field: 'name', text: t('organization.deptTaken') })}
        testId="dept-form"
        saveTestId="dept-save"
      />
      {moving && (
        <Modal
          open
          title={t('organization.moveDeptTitle', { name: deptName(moving, lang) })}
          onCancel={() => setMoving(null)}
          onOk={() => void submitMove()}
          confirmLoading={move.isPending}
          okButtonProps={{ 'data-testid': 'dept-move-save' }}
        >
          <Select<number>
            style={{ width: '100%' }}
            value={moveTo}
            onChange={setMoveTo}
            options={[{ value: TOP, label: t('organization.top') }, ...deptOptions(list, lang, deptSubtree(list, moving.id))]}
            data-testid="dept-move-parent"
          />
        </Modal>
      )}
      <HistoryDrawer
        entity="org_department"
        entityId={history?.id ?? null}
        name={history ? deptName(history, lang) : ''}
        onClose={() => setHistory(null)}
        fieldLabels={{
          name: t('organization.field.name'),
          nameEn: t('organization.field.nameEn'),
          leaderUserId: t('organization.field.leader'),
          enabled: t('organization.field.enabled'),
          parentId: t('organization.field.parent'),
          sort: t('organization.field.sort'),
        }}
        formatValue={(field, value) => {
          if (field === 'parentId') {
            const p = list.find((d) => d.id === value);
            return value === null ? t('organization.top') : p ? deptName(p, lang) : `#${String(value)}`;
          }
          if (field === 'leaderUserId') return userChoices.find((u) => u.value === value)?.label;
          if (field === 'sort' && typeof value === 'number') return String(value + 1);
          return undefined;
        }}
      />
    </Card>
  );
}
