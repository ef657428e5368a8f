import { Button, Card, Col, Form, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotify } from '../../../shared/components/use-notify';
import { usePageTitle } from '../../../shared/page-title';
import { useCreateInvite, useInvite, useShopSkus, useUpdateInvite } from './automation.queries';
import {
  EditPageHead,
  EditRoute,
  MailFormAlerts,
  SenderFields,
  SendWindowFields,
  useIdParam,
  useMailForm,
} from './components/MailFormParts';
import { MailTextFields } from './components/MailTextFields';

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
  const id = useIdParam();
  const invite = useInvite(id);
  return (
    <EditRoute id={id} record={invite} kind="invite">
      {(record, onReload) => <InviteEditor invite={record} onReload={onReload} />}
    </EditRoute>
  );
}

function InviteEditor({ invite, onReload }: { invite: Invite | null; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const shopId: number | undefined = Form.useWatch('shopId', form) ?? invite?.shopId;
  const skus = useShopSkus(shopId);
  const create = useCreateInvite();
  const update = useUpdateInvite();
  const state = useMailForm(form, invite, onReload);
  const title = t(invite ? 'mailAuto.invite.editTitle' : 'mailAuto.invite.addTitle');
  usePageTitle(title);

  const submit = (v: Values) => {
    const fields = { ...v, name: v.name.trim(), skus: v.skus ?? [], asins: v.asins ?? [] };
    return state.save(
      async () => {
        if (invite) await update.mutateAsync({ ...fields, id: invite.id, version: invite.version });
        else await create.mutateAsync(fields);
        notify.success(t(invite ? 'mailAuto.invite.saved' : 'mailAuto.invite.created', { name: fields.name }));
        navigate('/marketMail/list');
      },
      { fields: FIELDS, conflict: { field: 'name', text: t('mailAuto.invite.taken') } },
    );
  };
  const list = skus.data?.list ?? [];

  return (
    <div className="bo-page" data-testid="page-market-mail-edit">
      <EditPageHead backTo="/marketMail/list" backText={t('mailAuto.invite.back')} title={title} />
      <Card>
        <MailFormAlerts state={state} kind="invite" />
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          onValuesChange={state.unblock}
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
            <SenderFields
              form={form}
              nameField="name"
              nameLabel={t('mailAuto.invite.name')}
              record={invite}
              clearOnShop={{ skus: [], asins: [] }}
              testId="invite"
            />
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
            <SendWindowFields md={8} />
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
