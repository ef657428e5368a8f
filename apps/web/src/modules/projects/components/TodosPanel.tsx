/**
 * A project's todos: open ones first, overdue in red; done with one click; a small form to add
 * one; "Share to chat" makes a link to the todo's card (the `chat-task` share kind) and copies it.
 */
import { CHAT_TASK_SHARE_KIND } from '@bo/contract/projects/project-share';
import type { Project, ProjectTodo } from '@bo/contract/projects/projects';
import { Button, Checkbox, DatePicker, Flex, Form, Input, Modal, Select, Table, Tag, Typography } from 'antd';
import type dayjs from 'dayjs';
import { useState } from 'react';
import { useNotify } from '../../../shared/components/use-notify';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { ShareDialog } from '../../../shared/kit/ShareDialog';
import { useCompleteTodo, useCreateTodo, usePeople, useTodos } from '../projects.queries';
import { AddButton } from './panel-parts';

export function TodosPanel({ project, canWork, meId }: { project: Project; canWork: boolean; meId: number | undefined }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const todos = useTodos(project.id);
  const people = usePeople().data ?? [];
  const complete = useCompleteTodo();
  const create = useCreateTodo();
  const [adding, setAdding] = useState(false);
  const [sharing, setSharing] = useState<ProjectTodo | null>(null);
  const [form] = Form.useForm<{
    title: string;
    description?: string;
    assigneeId: number;
    due?: dayjs.Dayjs;
    remind?: dayjs.Dayjs;
  }>();

  const toggle = async (todo: ProjectTodo) => {
    try {
      await complete.mutateAsync({ id: todo.id, version: todo.version, done: !todo.done });
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };
  const add = async () => {
    const v = await form.validateFields();
    try {
      await create.mutateAsync({
        projectId: project.id,
        title: v.title.trim(),
        description: (v.description ?? '').trim(),
        assigneeId: v.assigneeId,
        dueDate: v.due ? v.due.format('YYYY-MM-DD') : null,
        remindAt: v.remind ? v.remind.format('YYYY-MM-DD') : null,
      });
      notify.success(t('projects.todo.added'));
      setAdding(false);
      form.resetFields();
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  return (
    <Flex vertical gap={12} data-testid="project-todos">
      <AddButton show={canWork} label={t('projects.todo.add')} onClick={() => setAdding(true)} testId="todo-add" />
      <Table<ProjectTodo>
        rowKey="id"
        size="small"
        loading={todos.isLoading}
        dataSource={todos.data ?? []}
        pagination={false}
        locale={{ emptyText: t('projects.todo.empty') }}
        columns={[
          {
            key: 'done',
            width: 60,
            title: t('projects.todo.done'),
            render: (_, todo) => (
              <Checkbox
                checked={todo.done}
                disabled={!(canWork || todo.assignee.id === meId) || complete.isPending}
                onChange={() => void toggle(todo)}
                data-testid={`todo-done-${todo.id}`}
              />
            ),
          },
          {
            key: 'title',
            title: t('projects.todo.title'),
            render: (_, todo) => (
              <Flex vertical>
                <Typography.Text delete={todo.done}>{todo.title}</Typography.Text>
                {todo.description && (
                  <Typography.Text type="secondary" ellipsis={{ tooltip: todo.description }}>
                    {todo.description}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          { key: 'assignee', width: 180, title: t('projects.todo.assignee'), render: (_, todo) => todo.assignee.name },
          {
            key: 'due',
            width: 160,
            title: t('projects.todo.due'),
            render: (_, todo) => (
              <Flex gap={4}>
                {todo.dueDate ?? t('projects.none')}
                {todo.overdue && <Tag color="red">{t('projects.todo.overdue')}</Tag>}
              </Flex>
            ),
          },
          {
            key: 'remind',
            width: 120,
            title: t('projects.todo.remind'),
            render: (_, todo) => todo.remindAt ?? t('projects.none'),
          },
          {
            key: 'share',
            width: 130,
            title: '',
            render: (_, todo) => (
              <Button size="small" type="link" onClick={() => setSharing(todo)} data-testid={`todo-share-${todo.id}`}>
                {t('projects.todo.shareToChat')}
              </Button>
            ),
          },
        ]}
      />
      {sharing && (
        <ShareDialog
          copyOnCreate
          title={t('projects.todo.shareTitle', { title: sharing.title })}
          choices={[
            {
              kind: CHAT_TASK_SHARE_KIND,
              entityId: String(sharing.id),
              label: t('projects.todo.shareToChat'),
              intro: t('projects.todo.shareIntro'),
            },
          ]}
          onClose={() => setSharing(null)}
        />
      )}
      <Modal
        open={adding}
        title={t('projects.todo.createTitle')}
        onCancel={() => setAdding(false)}
        onOk={() => void add()}
        confirmLoading={create.isPending}
        okButtonProps={{ 'data-testid': 'todo-save' } as never}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ assigneeId: meId }}>
          <Form.Item name="title" label={t('projects.todo.title')} rules={[{ required: true, whitespace: true, max: 200 }]}>
            <Input data-testid="todo-title" />
          </Form.Item>
          <Form.Item name="description" label={t('projects.todo.description')} rules={[{ max: 2000 }]}>
            <Input.TextArea rows={3} data-testid="todo-description" />
          </Form.Item>
          <Form.Item name="assigneeId" label={t('projects.todo.assignee')} rules={[{ required: true }]}>
            <Select showSearch optionFilterProp="label" options={people.map((p) => ({ value: p.id, label: p.name }))} />
          </Form.Item>
          <Flex gap={12}>
            <Form.Item name="due" label={t('projects.todo.due')} style={{ flex: 1 }}>
              <DatePicker style={{ width: '100%' }} data-testid="todo-due" />
            </Form.Item>
            <Form.Item name="remind" label={t('projects.todo.remind')} style={{ flex: 1 }}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
        </Form>
      </Modal>
    </Flex>
  );
}
