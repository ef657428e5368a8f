/** A project's log, newest first: each change with the fields before and after. */
import { Empty, Flex, List, Pagination, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';
import { useProjectLog } from '../projects.queries';

const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export function LogPanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useProjectLog(projectId, page);
  const data = log.data;
  if (data && data.total === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('projects.log.empty')} />;
  return (
    <Flex vertical gap={8} data-testid="project-log">
      <List
        loading={log.isLoading}
        dataSource={data?.list ?? []}
        renderItem={(e) => {
          const keys = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
          const label = t(`projects.log.action.${e.action}` as 'projects.log.action.create', { defaultValue: e.action });
          return (
            <List.Item data-testid={`log-${e.action}`}>
              <Flex vertical gap={4} style={{ width: '100%' }}>
                <Flex gap={8}>
                  <Typography.Text strong>{label}</Typography.Text>
                  <Typography.Text>{e.user.name}</Typography.Text>
                  {e.impersonatorName && <Typography.Text type="secondary">({e.impersonatorName})</Typography.Text>}
                  <Typography.Text type="secondary">{formatDateTime(e.at)}</Typography.Text>
                </Flex>
                {keys.length > 0 && (
                  <Table
                    size="small"
                    rowKey="k"
                    pagination={false}
                    dataSource={keys.map((k) => ({ k, before: show(e.before?.[k]), after: show(e.after?.[k]) }))}
                    columns={[
                      { key: 'k', dataIndex: 'k', width: 160, title: t('projects.log.field') },
                      { key: 'before', dataIndex: 'before', ellipsis: true, title: t('projects.log.before') },
                      { key: 'after', dataIndex: 'after', ellipsis: true, title: t('projects.log.after') },
                    ]}
                  />
                )}
              </Flex>
            </List.Item>
          );
        }}
      />
      {data && data.total > 20 && (
        <Pagination size="small" current={page} pageSize={20} total={data.total} onChange={setPage} showSizeChanger={false} />
      )}
    </Flex>
  );
}
