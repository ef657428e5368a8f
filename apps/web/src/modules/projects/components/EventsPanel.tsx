/** A project's events, latest day first, with a small form to add one and a delete for those who work on it. */
import type { Project } from '@bo/contract/projects/projects';
import { DatePicker, Empty, Flex, Form, Input, List, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DeleteAction } from '../../../shared/components/DeleteAction';
import { useNotify } from '../../../shared/components/use-notify';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { useCreateEvent, useDeleteEvent, useEvents } from '../projects.queries';
import { AddButton } from './panel-parts';

export function EventsPanel({ project, canWork }: { project: Project; canWork: boolean }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const events = useEvents(project.id);
  const create = useCreateEvent();
  const remove = useDeleteEvent();
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<{ title: string; content?: string; day: dayjs.Dayjs }>();

  const add = async () => {
    const v = await form.validateFields();
    try {
      await create.mutateAsync({
        projectId: project.id,
        body: { title: v.title.trim(), content: v.content?.trim() ?? '', eventDate: v.day.format('YYYY-MM-DD') },
      });
      notify.success(t('projects.event.added'));
      setAdding(false);
      form.resetFields();
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };
  const del = async (id: number) => {
    try {
      await remove.mutateAsync(id);
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  return (
    <Flex vertical gap={12} data-testid="project-events">
      <AddButton show={canWork} label={t('projects.event.add')} onClick={() => setAdding(true)} testId="event-add" />
      {(events.data ?? []).length === 0 && !events.isLoading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('projects.event.empty')} />
      ) : (
        <List
          loading={events.isLoading}
          dataSource={events.data ?? []}
          renderItem={(e) => (
            <List.Item
              data-testid={`event-${e.id}`}
              actions={
                canWork
                  ? [
                      <DeleteAction
                        key="d"
                        title={t('projects.event.confirmDelete', { title: e.title })}
                        onConfirm={() => void del(e.id)}
                      />,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={
                  <Flex gap={8}>
                    <Typography.Text type="secondary">{e.eventDate}</Typography.Text>
                    <span>{e.title}</span>
                  </Flex>
                }
                description={
                  <Flex vertical>
                    {e.content && <span>{e.content}</span>}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {e.createdBy.name}
                    </Typography.Text>
                  </Flex>
                }
              />
            </List.Item>
          )}
        />
      )}
      <Modal
        open={adding}
        title={t('projects.event.createTitle')}
        onCancel={() => setAdding(false)}
        onOk={() => void add()}
        confirmLoading={create.isPending}
        okButtonProps={{ 'data-testid': 'event-save' } as never}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ day: dayjs() }}>
          <Form.Item name="title" label={t('projects.event.title')} rules={[{ required: true, whitespace: true, max: 200 }]}>
            <Input data-testid="event-title" />
          </Form.Item>
          <Form.Item name="day" label={t('projects.event.date')} rules={[{ required: true }]}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="content" label={t('projects.event.content')} rules={[{ max: 4000 }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
