import { ArrowLeftOutlined } from '@ant-design/icons';
import { REVIEW_MAX_DAYS, REVIEW_MIN_DAYS } from '@bo/contract/mail/automation';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { useEditFormProblem } from '../../../shared/forms/edit-form-problem';
import { usePageTitle } from '../../../shared/page-title';
import { userShopsQuery } from '../../shops/shops-auth/shops-auth.queries';
import { useCreateInvite, useInvite, useSenders, useShopSkus, useUpdateInvite } from './automation.queries';
import { MailTextFields, useTextRefused } from './components/MailTextFields';
import { senderOptions } from './components/sender-options';

interface Values {
  name: string;
  shopId: number;
  mailboxId: number;
  skus: string[];
  asins: string[];
  daysAfterDelivery: number;
  sendHourFrom: number;
  sendHourTo: number;
  subject: string;
  body: string;
}
const FIELDS = [
  'name',
  'shopId',
  'mailboxId',
  'skus',
  'asins',
  'daysAfterDelivery',
  'sendHourFrom',
  'sendHourTo',
  'subject',
  'body',
] as const;
type Invite = NonNullable<ReturnType<typeof useInvite>['data']>;

/** /marketMail/add and /marketMail/edit?id=: one invitation plan. */
export default function MarketMailEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const invite = useInvite(id);
  if (id !== null)
    return (
      <QueryStates pending={invite.isPending} error={invite.error} onRetry={() => void invite.refetch()}>
        {invite.data ? (
          <InviteEditor key={`${invite.data.id}:${invite.data.version}`} invite={invite.data} onReload={() => invite.refetch()} />
        ) : (
          <Empty description={t('mailAuto.invite.notFound')} />
        )}
      </QueryStates>
    );
  return <InviteEditor invite={null} onReload={async () => {}} />;
}

function InviteEditor({ invite, onReload }: { invite: Invite | null; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const shops = useQuery(userShopsQuery());
  const shopId: number | undefined = Form.useWatch('shopId', form) ?? invite?.shopId;
  const senders = useSenders(shopId);
  const skus = useShopSkus(shopId);
  const create = useCreateInvite();
  const update = useUpdateInvite();
  const { problem, clear, report, reload, reloading } = useEditFormProblem(form, onReload);
  const [blocked, setBlocked] = useState(false);
  const subject: string = Form.useWatch('subject', form) ?? invite?.subject ?? '';
  const body: string = Form.useWatch('body', form) ?? invite?.body ?? '';
  const { refused } = useTextRefused(subject, body);
  const title = t(invite ? 'mailAuto.invite.editTitle' : 'mailAuto.invite.addTitle');
  usePageTitle(title);

  const submit = async (v: Values) => {
    clear();
    if (refused) return setBlocked(true);
    setBlocked(false);
    const fields = { ...v, name: v.name.trim(), skus: v.skus ?? [], asins: v.asins ?? [] };
    try {
      if (invite) {
        await update.mutateAsync({ ...fields, id: invite.id, version: invite.version });
        notify.success(t('mailAuto.invite.saved', { name: fields.name }));
      } else {
        await create.mutateAsync(fields);
        notify.success(t('mailAuto.invite.created', { name: fields.name }));
      }
      navigate('/marketMail/list');
    } catch (err) {
      report(err, { fields: FIELDS, conflict: { field: 'name', text: t('mailAuto.invite.taken') } });
    }
  };
  const list = skus.data?.list ?? [];

  return (
    <div className="bo-page" data-testid="page-market-mail-edit">
      <div className="bo-page-head">
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/marketMail/list')}>
            {t('mailAuto.invite.back')}
          </Button>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
            {title}
          </Typography.Title>
        </Space>
      </div>
      <Card>
        {problem?.kind === 'stale' && (
          <Alert
            type="warning"
            showIcon
            className="bo-form-alert"
            title={t('mailAuto.invite.stale.title')}
            description={t('mailAuto.invite.stale.text')}
            action={
              <Button size="small" type="primary" loading={reloading} onClick={() => void reload()}>
                {t('common.reload')}
              </Button>
            }
          />
        )}
        {problem?.kind === 'error' && <Alert type="error" showIcon className="bo-form-alert" title={problem.text} />}
        {blocked && <Alert type="error" showIcon className="bo-form-alert" title={t('mailAuto.lintBlocked')} />}
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          onValuesChange={() => setBlocked(false)}
          initialValues={{
            name: invite?.name ?? '',
            shopId: invite?.shopId,
            mailboxId: invite?.mailboxId,
            skus: invite?.skus ?? [],
            asins: invite?.asins ?? [],
            daysAfterDelivery: invite?.daysAfterDelivery ?? 10,
            sendHourFrom: invite?.sendHourFrom ?? 9,
            sendHourTo: invite?.sendHourTo ?? 18,
            subject: invite?.subject ?? '',
            body: invite?.body ?? '',
          }}
          data-testid="invite-form"
        >
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="name"
                label={t('mailAuto.invite.name')}
                rules={[{ required: true, whitespace: true, message: t('mailAuto.rules.name') }]}
              >
                <Input maxLength={80} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="shopId"
                label={t('mailAuto.task.shop')}
                rules={[{ required: true, message: t('mailAuto.rules.shop') }]}
              >
                <Select
                  showSearch
                  optionFilterProp="label"
                  loading={shops.isPending}
                  options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                  onChange={() => form.setFieldsValue({ mailboxId: undefined, skus: [], asins: [] })}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="mailboxId"
                label={t('mailAuto.task.mailbox')}
                rules={[{ required: true, message: t('mailAuto.rules.mailbox') }]}
                extra={shopId && senders.data?.length === 0 ? t('mailAuto.task.noSender') : undefined}
              >
                <Select
                  loading={senders.isFetching}
                  options={senderOptions(senders.data, invite && shopId === invite.shopId ? invite : null)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="skus" label={t('mailAuto.invite.skus')} extra={t('mailAuto.invite.targetsHint')}>
                <Select
                  mode="multiple"
                  loading={skus.isFetching}
                  options={[...new Set(list.map((l) => l.sku))].map((s) => ({ value: s, label: s }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="asins" label={t('mailAuto.invite.asins')}>
                <Select
                  mode="multiple"
                  loading={skus.isFetching}
                  optionFilterProp="label"
                  options={[...new Map(list.map((l) => [l.asin, l])).values()].map((l) => ({
                    value: l.asin,
                    label: `${l.asin} ${l.title}`.slice(0, 80),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item
                name="daysAfterDelivery"
                label={t('mailAuto.task.days')}
                extra={t('mailAuto.task.daysHint')}
                rules={[{ required: true, message: t('mailAuto.rules.days') }]}
              >
                <InputNumber min={REVIEW_MIN_DAYS} max={REVIEW_MAX_DAYS} precision={0} />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="sendHourFrom" label={t('mailAuto.task.hourFrom')}>
                <InputNumber min={0} max={23} precision={0} />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="sendHourTo" label={t('mailAuto.task.hourTo')}>
                <InputNumber min={1} max={24} precision={0} />
              </Form.Item>
            </Col>
          </Row>
          <MailTextFields form={form} testId="invite" />
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending} data-testid="invite-save">
            {t('common.save')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
