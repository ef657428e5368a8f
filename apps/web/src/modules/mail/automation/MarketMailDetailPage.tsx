import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryStates } from '../../../shared/components/QueryStates';
import { FitTable } from '../../../shared/table/FitTable';
import { useInvite, useInviteSkus } from './automation.queries';

/** /marketMail/detail?id=: one invitation plan and what it sent per SKU. */
export default function MarketMailDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const invite = useInvite(id);
  if (id === null) return <Empty description={t('mailAuto.invite.notFound')} />;
  return (
    <QueryStates pending={invite.isPending} error={invite.error} onRetry={() => void invite.refetch()}>
      {invite.data && <Detail invite={invite.data} />}
    </QueryStates>
  );
}

function Detail({ invite }: { invite: NonNullable<ReturnType<typeof useInvite>['data']> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const skus = useInviteSkus(invite.id);
  return (
    <div className="bo-page" data-testid="page-market-mail-detail">
      <div className="bo-page-head">
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/marketMail/list')}>
            {t('mailAuto.invite.back')}
          </Button>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {invite.name}
          </Typography.Title>
          <Tag color={invite.enabled ? 'green' : undefined}>
            {t(invite.enabled ? 'mailAuto.invites.enabled' : 'mailAuto.invites.disabled')}
          </Tag>
        </Space>
      </div>
      <Card>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('mailAuto.task.shop')}>{invite.shopName}</Descriptions.Item>
          <Descriptions.Item label={t('mailAuto.task.mailbox')}>{invite.mailboxEmail}</Descriptions.Item>
          <Descriptions.Item label={t('mailAuto.task.days')}>{invite.daysAfterDelivery}</Descriptions.Item>
          <Descriptions.Item label={t('mailAuto.tasks.column.window')}>
            {invite.sendHourFrom}:00–{invite.sendHourTo}:00
          </Descriptions.Item>
          <Descriptions.Item label={t('mailAuto.invites.column.sent')}>{invite.sent}</Descriptions.Item>
          <Descriptions.Item label={t('mailAuto.subject')}>{invite.subject}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('mailAuto.invite.perSku')} style={{ marginTop: 16 }}>
        <QueryStates pending={skus.isPending} error={skus.error} onRetry={() => void skus.refetch()}>
          {/* Four key columns: what was sent and skipped per SKU / ASIN fits at any desktop width. */}
          <FitTable
            tableId="mail.marketMail.skus"
            rowKey={(r) => `${r.sku}:${r.asin}`}
            size="small"
            pagination={false}
            dataSource={skus.data ?? []}
            columns={[
              {
                key: 'sku',
                title: t('mailAuto.invite.column.sku'),
                priority: 'key',
                width: 240,
                ellipsis: true,
                dataIndex: 'sku',
              },
              { key: 'asin', title: t('mailAuto.invite.column.asin'), priority: 'key', width: 160, dataIndex: 'asin' },
              {
                key: 'sent',
                title: t('mailAuto.invite.column.sent'),
                priority: 'key',
                width: 110,
                dataIndex: 'sent',
                align: 'right',
              },
              {
                key: 'skipped',
                title: t('mailAuto.invite.column.skipped'),
                priority: 'key',
                width: 110,
                dataIndex: 'skipped',
                align: 'right',
              },
            ]}
            data-testid="invite-skus"
          />
        </QueryStates>
      </Card>
    </div>
  );
}
