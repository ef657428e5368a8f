import type { EndpointData, users as ep } from '@bo/contract';
import { auditActionText, auditEntityText } from '@bo/contract/access/audit-codes';
import { Card, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { useEffect } from 'react';
import { ScreenHead } from '../../../shared/components/PageHead';
import { formatDateTime } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import type { FitColumnType } from '../../../shared/table/FitTable';
import { QueryTable } from '../../../shared/table/QueryTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { type AuditQuery, auditUrlSchema, useAuditLog } from './audit.queries';
import { AuditDiff } from './components/AuditDiff';
import { AuditFilters } from './components/AuditFilters';

type AuditEntry = EndpointData<typeof ep.listAudit>['list'][number];

const URL_DEFAULTS = {
  actor: '',
  action: '',
  entity: '',
  from: '',
  to: '',
  godViewOnly: 'false',
  pageNum: '1',
  pageSize: '20',
} as const;

const dash = <span className="bo-muted">—</span>;
const hasChange = (e: AuditEntry) => e.before != null || e.after != null;

/** /system/audit: who changed what and when, newest first; rows open to before and after. */
export default function AuditLogPage() {
  const { t, lang } = useTexts();
  const [filters, setFilters, resetFilters] = useUrlFilters(URL_DEFAULTS);
  const query = auditUrlSchema.parse(Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v === '' ? undefined : v])));
  const list = useAuditLog(query);
  const filtered = Boolean(query.actor || query.action || query.entity || query.from || query.to || query.godViewOnly === 'true');

  const change = (patch: Partial<AuditQuery>) =>
    setFilters(Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, v === undefined ? '' : String(v)])));

  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / query.pageSize));
  useEffect(() => {
    if (list.data && query.pageNum > lastPage) setFilters({ pageNum: String(lastPage) });
  }, [list.data, query.pageNum, lastPage, setFilters]);

  // At 1280 px: when, who, what and on which record; the IP address when room allows.
  const columns: FitColumnType<AuditEntry>[] = [
    { key: 'at', title: t('audit.column.at'), priority: 'key', width: 170, render: (_, e) => formatDateTime(e.at) },
    {
      key: 'actor',
      title: t('audit.column.actor'),
      priority: 'key',
      width: 220,
      render: (_, e) =>
        e.impersonator ? (
          <Space size={6} wrap>
            <span data-testid="audit-impersonation">
              {t('audit.as', { impersonator: e.impersonator, actor: e.actor ?? '?' })}
            </span>
            <Tooltip title={t('audit.godViewHint')}>
              <Tag color="orange">{t('audit.godView')}</Tag>
            </Tooltip>
          </Space>
        ) : (
          (e.actor ?? <Typography.Text type="secondary">{t('audit.system')}</Typography.Text>)
        ),
    },
    {
      key: 'action',
      title: t('audit.column.action'),
      priority: 'key',
      width: 200,
      render: (_, e) => (
        <Tooltip title={e.action}>
          <Tag color="geekblue" data-code={e.action}>
            {auditActionText(e.action, lang) ?? e.action}
          </Tag>
        </Tooltip>
      ),
    },
    {
      key: 'entity',
      title: t('audit.column.entity'),
      priority: 'key',
      width: 200,
      ellipsis: true,
      render: (_, e) => (
        <span title={e.entity}>
          {auditEntityText(e.entity, lang) ?? e.entity}
          {e.entityId && <Typography.Text type="secondary"> #{e.entityId}</Typography.Text>}
        </span>
      ),
    },
    { key: 'ip', title: t('audit.column.ip'), width: 140, render: (_, e) => e.ip ?? dash },
  ];

  return (
    <div className="bo-page" data-testid="page-system-audit">
      <ScreenHead title={t('audit.title')} subtitle={t('audit.subtitle')} />
      <Card>
        <div style={{ marginBottom: 16 }}>
          <AuditFilters query={query} onChange={change} onReset={resetFilters} />
        </div>
        <QueryTable<AuditEntry>
          query={list}
          tableId="access.audit"
          rowKey="id"
          data-testid="audit-table"
          columns={columns}
          expandable={{
            rowExpandable: hasChange,
            expandedRowRender: (e) => <AuditDiff before={e.before} after={e.after} />,
          }}
          onChange={(pagination) => change({ pageNum: pagination.current ?? 1, pageSize: pagination.pageSize ?? query.pageSize })}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(filtered ? 'list.noMatch' : 'audit.empty')} />,
          }}
          pagination={{
            current: query.pageNum,
            pageSize: query.pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: (n) => t('list.total', { count: n }),
          }}
        />
      </Card>
    </div>
  );
}
