/**
 * /teambition/project?share=<token>: the read-only view of one project that a share link
 * opens, without signing in (platform/share's `project` kind), in the shared pages' frame
 * (an unknown, expired or revoked link says so); nothing here can change the project.
 */

import { PROJECT_SHARE_KIND, type ProjectShareView } from '@bo/contract/projects/project-share';
import { DATE_TYPES } from '@bo/contract/projects/projects';
import { Card, Descriptions, Flex, List, Space, Tag, Typography } from 'antd';
import { formatDateTime } from '../../shared/format';
import { useTexts } from '../../shared/i18n/lang';
import { SharedPageFrame } from '../../shared/kit/SharedPageFrame';
import { ApprovalTag, PriorityTag, RunTag, ScheduleTag, SharedHeadline } from './components/project-tags';

export default function SharedProjectPage() {
  return (
    <SharedPageFrame<ProjectShareView> testId="page-shared-project" kind={PROJECT_SHARE_KIND}>
      {(view) => <SharedProject view={view} />}
    </SharedPageFrame>
  );
}

function SharedProject({ view: p }: { view: ProjectShareView }) {
  const { t, lang } = useTexts();
  const none = t('projects.none');
  return (
    <Flex vertical gap={16}>
      <Card>
        <SharedHeadline code={p.code} name={p.name} type={p.type}>
          <ScheduleTag status={p.scheduleStatus} />
          <RunTag status={p.runStatus} />
          <ApprovalTag code={p.approvalStatus} />
          <PriorityTag priority={p.priority} />
          <Typography.Text>{p.stage}</Typography.Text>
        </SharedHeadline>
      </Card>
      <Card>
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label={t('projects.field.owner')}>{p.ownerName || none}</Descriptions.Item>
          <Descriptions.Item label={t('projects.field.dept')}>
            {(lang === 'en-US' && p.deptNameEn ? p.deptNameEn : p.deptName) ?? none}
          </Descriptions.Item>
          {DATE_TYPES.map((d) => (
            <Descriptions.Item key={d} label={t(`projects.field.${d}`)}>
              {p.dates[d] ?? none}
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={t('projects.field.skus')} span={2}>
            {p.skus.length ? p.skus.join(', ') : none}
          </Descriptions.Item>
          <Descriptions.Item label={t('projects.field.description')} span={2}>
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{p.description || none}</Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Flex gap={16} wrap>
        <Card title={t('projects.tabs.todos')} style={{ flex: '1 1 420px' }}>
          <List
            size="small"
            dataSource={p.todos}
            locale={{ emptyText: none }}
            renderItem={(todo) => (
              <List.Item data-testid="shared-todo">
                <Typography.Text delete={todo.done}>{todo.title}</Typography.Text>
                <Space>
                  {todo.overdue && <Tag color="red">{t('projects.shared.overdue')}</Tag>}
                  <Typography.Text type="secondary">{todo.dueDate ?? none}</Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        </Card>
        <Card title={t('projects.tabs.events')} style={{ flex: '1 1 420px' }}>
          <List
            size="small"
            dataSource={p.events}
            locale={{ emptyText: none }}
            renderItem={(e) => (
              <List.Item>
                <List.Item.Meta title={e.title} description={e.content || undefined} />
                <Typography.Text type="secondary">{e.eventDate}</Typography.Text>
              </List.Item>
            )}
          />
        </Card>
      </Flex>
      <Typography.Text type="secondary">{t('projects.shared.updated', { at: formatDateTime(p.updatedAt) })}</Typography.Text>
    </Flex>
  );
}
