import { Button, Card, Form, Input, List, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../shared/Can';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { usePageTitle } from '../../../shared/page-title';
import { useCreatePlan, usePlan, usePlanMailboxes, useUpdatePlan } from './automation.queries';
import { EditPageHead, EditRoute, MailFormAlerts, useIdParam, useMailForm } from './components/MailFormParts';
import { MailTextFields } from './components/MailTextFields';
import { TestMailCard } from './components/TestMailCard';

interface Values {
  name: string;
  mailboxIds: number[];
  keywords: string[];
  subject: string;
  body: string;
}
const FIELDS = ['name', 'mailboxIds', 'keywords', 'subject', 'body'] as const;

/** /autoReply/edit (?id= to edit): the plan's mailboxes, keywords and text, its latest replies. */
export default function AutoReplyEditPage() {
  const id = useIdParam();
  const plan = usePlan(id);
  return (
    <EditRoute id={id} record={plan} kind="plan">
      {(record, onReload) => <PlanEditor plan={record} onReload={onReload} />}
    </EditRoute>
  );
}

type PlanDetail = NonNullable<ReturnType<typeof usePlan>['data']>;

function PlanEditor({ plan, onReload }: { plan: PlanDetail | null; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const can = useCan();
  const notify = useNotify();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const boxes = usePlanMailboxes();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const state = useMailForm(form, plan, onReload);
  const { subject, body } = state;
  const editable = plan ? can('email:autoReply:edit') : can('email:autoReply:create');
  const title = t(plan ? 'mailAuto.plan.editTitle' : 'mailAuto.plan.createTitle');
  usePageTitle(title);

  const submit = (v: Values) => {
    const fields = { ...v, name: v.name.trim(), keywords: v.keywords ?? [] };
    return state.save(
      async () => {
        if (plan) {
          await update.mutateAsync({ ...fields, id: plan.id, version: plan.version });
          notify.success(t('mailAuto.plan.saved', { name: fields.name }));
          await onReload();
        } else {
          const saved = await create.mutateAsync(fields);
          notify.success(t('mailAuto.plan.created', { name: fields.name }));
          navigate(`/autoReply/edit?id=${saved.id}`, { replace: true });
        }
      },
      { fields: FIELDS, conflict: { field: 'name', text: t('mailAuto.plan.taken') } },
    );
  };

  return (
    <div className="bo-page" data-testid="page-auto-reply-edit">
      <EditPageHead
        backTo="/autoReply"
        backText={t('mailAuto.plan.back')}
        backTestId="plan-back"
        title={title}
        extra={
          plan && (
            <Tag color={plan.stateId === 1 ? 'green' : undefined}>
              {t(plan.stateId === 1 ? 'mailAuto.planState.s1' : 'mailAuto.planState.s2')}
            </Tag>
          )
        }
      />
      <Card>
        <MailFormAlerts state={state} kind="plan" blockedTestId="plan-blocked" />
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={!editable}
          onFinish={submit}
          onValuesChange={state.unblock}
          initialValues={{
            name: plan?.name ?? '',
            mailboxIds: plan?.mailboxIds ?? [],
            keywords: plan?.keywords ?? [],
            subject: plan?.subject ?? '',
            body: plan?.body ?? '',
          }}
          data-testid="plan-form"
        >
          <Form.Item
            name="name"
            label={t('mailAuto.plan.name')}
            rules={[{ required: true, whitespace: true, message: t('mailAuto.rules.name') }]}
          >
            <Input maxLength={80} style={{ maxWidth: 480 }} data-testid="plan-name" />
          </Form.Item>
          <Form.Item
            name="mailboxIds"
            label={t('mailAuto.plan.mailboxes')}
            rules={[{ required: true, type: 'array', min: 1, message: t('mailAuto.rules.mailboxes') }]}
          >
            <Select
              mode="multiple"
              loading={boxes.isPending}
              style={{ maxWidth: 480 }}
              options={(boxes.data ?? []).map((b) => ({ value: b.id, label: b.name ? `${b.name} <${b.email}>` : b.email }))}
              optionFilterProp="label"
              data-testid="plan-mailboxes"
            />
          </Form.Item>
          <Form.Item name="keywords" label={t('mailAuto.plan.keywords')} extra={t('mailAuto.plan.keywordsHint')}>
            <Select
              mode="tags"
              tokenSeparators={[',', '，']}
              open={false}
              style={{ maxWidth: 480 }}
              data-testid="plan-keywords"
            />
          </Form.Item>
          <MailTextFields form={form} testId="plan" />
          {editable && (
            <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending} data-testid="plan-save">
              {t('common.save')}
            </Button>
          )}
        </Form>
      </Card>
      {plan && can('email:autoReply:edit') && (
        <TestMailCard
          kind="plan"
          subject={subject}
          body={body}
          mailboxes={(boxes.data ?? []).filter((b) => plan.mailboxIds.includes(b.id))}
        />
      )}
      {plan && (
        <Card title={t('mailAuto.plan.log')} style={{ marginTop: 16 }}>
          <List
            size="small"
            dataSource={plan.log}
            locale={{ emptyText: t('mailAuto.plan.logEmpty') }}
            renderItem={(l) => (
              <List.Item data-testid="plan-log-row">
                <Space wrap>
                  <Typography.Text>{formatDateTime(l.createdAt)}</Typography.Text>
                  <Typography.Text strong>{l.buyerEmail}</Typography.Text>
                  <Typography.Text type="secondary">{l.subject}</Typography.Text>
                  <Tag color={l.state === 'sent' ? 'green' : l.state === 'failed' || l.state === 'unknown' ? 'red' : 'blue'}>
                    {t(`mailAuto.sendState.${l.state as 'sent'}`, { defaultValue: l.state })}
                  </Tag>
                </Space>
              </List.Item>
            )}
          />
        </Card>
      )}
    </div>
  );
}
