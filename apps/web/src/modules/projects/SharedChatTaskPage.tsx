/**
 * /chatTask?share=<token>: one project todo as a card, opened from a chat message without
 * signing in (the `chat-task` share kind): title, project, assignee, due day, done or overdue,
 * description and last change. Read-only.
 */
import { CHAT_TASK_SHARE_KIND, type ChatTaskShareView } from '@bo/contract/projects/project-share';
import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format';
import { SharedPageFrame } from '../../shared/kit/SharedPageFrame';

export default function SharedChatTaskPage() {
  return (
    <SharedPageFrame<ChatTaskShareView> testId="page-shared-chat-task" kind={CHAT_TASK_SHARE_KIND} maxWidth={640}>
      {(view) => <ChatTaskCard task={view} />}
    </SharedPageFrame>
  );
}

function ChatTaskCard({ task }: { task: ChatTaskShareView }) {
  const { t } = useTranslation();
  const none = t('projects.none');
  const state = task.done ? (
    <Tag color="green">{t('projects.chatTask.done')}</Tag>
  ) : task.overdue ? (
    <Tag color="red">{t('projects.chatTask.overdue')}</Tag>
  ) : (
    <Tag color="blue">{t('projects.chatTask.open')}</Tag>
  );
  return (
    <Card>
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="start" gap={12}>
          <Typography.Title level={4} style={{ margin: 0 }} delete={task.done} data-testid="shared-title">
            {task.title}
          </Typography.Title>
          <span data-testid="chat-task-state">{state}</span>
        </Flex>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('projects.chatTask.project')}>
            {task.projectCode} · {task.projectName}
          </Descriptions.Item>
          <Descriptions.Item label={t('projects.chatTask.assignee')}>{task.assigneeName || none}</Descriptions.Item>
          <Descriptions.Item label={t('projects.chatTask.due')}>{task.dueDate ?? none}</Descriptions.Item>
          <Descriptions.Item label={t('projects.chatTask.description')}>
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} data-testid="chat-task-description">
              {task.description || none}
            </Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Text type="secondary">
          {t('projects.chatTask.updated', { at: formatDateTime(task.updatedAt) })}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
