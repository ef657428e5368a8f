import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { ERROR_CODES } from '@bo/contract';
import type { Registration } from '@bo/contract/access/users';
import { Empty, Typography } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { isApiError } from '../../../shared/http/api-error';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { ActionLinks } from '../../../shared/kit/RowActions';
import type { FitColumnType } from '../../../shared/table/FitTable';
import { actionsColumn } from '../../../shared/table/FitTable';
import { QueryTable } from '../../../shared/table/QueryTable';
import { ApproveRegistrationModal } from './components/ApproveRegistrationModal';
import { type RegistrationQuery, useRegistrations, useRejectRegistration } from './registrations.queries';

const dash = <span className="bo-muted">—</span>;

/** Shop accounts registered through /register, waiting for the company account to approve or reject them. */
export function RegistrationsPanel() {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [query, setQuery] = useState<RegistrationQuery>({ pageNum: 1, pageSize: 20 });
  const list = useRegistrations(query);
  const reject = useRejectRegistration();
  const [approving, setApproving] = useState<Registration | null>(null);

  const doReject = async (r: Registration) => {
    try {
      await reject.mutateAsync({ id: r.id, version: r.version });
      notify.success(t('registrations.rejected', { name: r.loginName }));
    } catch (err) {
      notify.error(isApiError(err) && err.code === ERROR_CODES.STALE_VERSION ? t('users.staleRow') : errorText(err, lang));
    }
  };

  // At 1280 px: the login name, name, company, when and the actions; the e-mail when room allows.
  const columns: FitColumnType<Registration>[] = [
    {
      key: 'loginName',
      title: t('users.column.loginName'),
      priority: 'key',
      width: 170,
      render: (_, r) => <Typography.Text strong>{r.loginName}</Typography.Text>,
    },
    { key: 'userName', title: t('users.column.userName'), priority: 'key', dataIndex: 'userName', width: 140, ellipsis: true },
    { key: 'company', title: t('registrations.company'), priority: 'key', dataIndex: 'company', width: 170, ellipsis: true },
    { key: 'email', title: t('users.column.email'), width: 190, render: (_, r) => r.email ?? dash, ellipsis: true },
    {
      key: 'createdAt',
      title: t('registrations.registeredAt'),
      priority: 'key',
      width: 160,
      render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</span>,
    },
    actionsColumn(
      t,
      200,
      (_, r) => (
        <ActionLinks
          wrap={false}
          actions={[
            {
              testId: `registration-approve-${r.loginName}`,
              label: t('registrations.approve'),
              icon: <CheckCircleOutlined />,
              onClick: () => setApproving(r),
            },
            {
              testId: `registration-reject-${r.loginName}`,
              label: t('registrations.reject'),
              danger: true,
              icon: <CloseCircleOutlined />,
              confirm: {
                title: t('registrations.confirmReject', { name: r.loginName }),
                description: t('registrations.confirmRejectNote'),
                okText: t('registrations.reject'),
                cancelText: t('common.cancel'),
                testId: 'registration-reject-ok',
              },
              onClick: () => doReject(r),
            },
          ]}
        />
      ),
      { fixed: undefined },
    ),
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('registrations.hint')}</Typography.Paragraph>
      <QueryTable<Registration>
        query={list}
        tableId="access.registrations"
        rowKey="id"
        size="middle"
        data-testid="registrations-table"
        columns={columns}
        locale={{ emptyText: <Empty description={t('registrations.empty')} /> }}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageNum, pageSize) => setQuery({ pageNum: pageSize === query.pageSize ? pageNum : 1, pageSize }),
        }}
      />
      <ApproveRegistrationModal registration={approving} onClose={() => setApproving(null)} />
    </>
  );
}
