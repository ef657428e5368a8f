/**
 * /teambition/project?share=<token>: the read-only view of one project that a share link
 * opens, without signing in (platform/share's `project` kind). An unknown, expired or
 * revoked link says so; nothing here can change the project.
 */

import type { ProjectShareView } from '@bo/contract/projects/project-share';
import { DATE_TYPES } from '@bo/contract/projects/projects';
import { Alert, Card, Descriptions, Flex, List, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LangSwitch } from '../../shared/components/LangSwitch';
import { formatDateTime } from '../../shared/format';
import { isApiError } from '../../shared/http/api-error';
import { errorText } from '../../shared/http/error-text';
import { useLang } from '../../shared/i18n/lang';
import { ApprovalTag, PriorityTag, RunTag, ScheduleTag } from './components/project-tags';
import { useSharedProject } from './projects.queries';

export default function SharedProjectPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const token = params.get('share') ?? '';
  const shared = useSharedProject(token);

  let body: React.ReactNode;
  if (!token || (isApiError(shared.error) && shared.error.status === 404)) {
    body = (
      <Result
        status="warning"
        title={t('projects.shared.gone')}
        subTitle={t('projects.shared.goneHelp')}
        data-testid="shared-gone"
      />
    );
  } else if (shared.error) {
    body = <Result status="error" title={errorText(shared.error, lang)} />;
  } else if (!shared.data) {
    body = <Skeleton active />;
  } else {
    body = <SharedProject view={shared.data.data as ProjectShareView} expiresAt={shared.data.expiresAt} />;
  }
  return (
    <div style={{ minHeight: '100vh', background: '#f3f5f9' }}>
      <Flex justify="space-between" align="center" style={{ padding: '12px 24px', background: '#fff' }}>
        <Space>
          <span className="bo-brand-mark">L</span>
          <Typography.Text strong>{t('app.name')}</Typography.Text>
        </Space>
        <LangSwitch />
      </Flex>
      <div style={{ maxWidth: 1040, margin: '24px auto', padding: '0 16px' }} data-testid="page-shared-project">
        {body}
      </div>
    </div>
  );
}

function SharedProject({ view: p, expiresAt }: { view: ProjectShareView; expiresAt: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const none = t('projects.none');
  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon message={t('projects.shared.readOnly', { at: formatDateTime(expiresAt) })} />
      <Card>
        <Flex vertical gap={8}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="shared-title">
            {p.code} · {p.name}
          </Typography.Title>
          <Space wrap>
            <Tag>{t(`projects.type.${p.type}`)}</Tag>
            <ScheduleTag status={p.scheduleStatus} />
            <RunTag status={p.runStatus} />
            <ApprovalTag code={p.approvalStatus} />
            <PriorityTag priority={p.priority} />
            <Typography.Text>{p.stage}</Typography.Text>
          </Space>
        </Flex>
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
