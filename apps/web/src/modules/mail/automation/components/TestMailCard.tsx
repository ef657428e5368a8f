import { Alert, Button, Card, Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../shared/components/use-notify';
import { usePlanTestMail, useTaskTestMail, useTestRecipients } from '../automation.queries';

/**
 * Sends the text as it stands in the form, with sample merge values, to the caller or a
 * user of the caller's account: the server refuses any other address, so only those are offered.
 */
export function TestMailCard(props: {
  kind: 'plan' | 'task';
  subject: string;
  body: string;
  mailboxes: readonly { id: number; email: string }[];
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const planTest = usePlanTestMail();
  const taskTest = useTaskTestMail();
  const recipients = useTestRecipients(props.kind);
  const send = async (v: { mailboxId: number; to: string }) => {
    const body = { mailboxId: v.mailboxId, to: v.to, subject: props.subject, body: props.body };
    await notify.run(
      () => (props.kind === 'plan' ? planTest.mutateAsync(body) : taskTest.mutateAsync(body)),
      t('mailAuto.test.sent', { to: body.to }),
    );
  };
  const options = props.mailboxes.map((b) => ({ value: b.id, label: b.email }));
  const people = recipients.data ?? [];
  const toOptions = people.map((r) => ({
    value: r.email,
    label: r.own ? t('mailAuto.test.me', { email: r.email }) : `${r.userName} <${r.email}>`,
  }));
  const noRecipient = recipients.isSuccess && people.length === 0;
  return (
    <Card title={t('mailAuto.test.title')} style={{ marginTop: 16 }}>
      {options.length === 0 && (
        <Alert
          type="info"
          showIcon
          className="bo-form-alert"
          title={t('mailAuto.test.noMailbox')}
          data-testid={`${props.kind}-test-none`}
        />
      )}
      {noRecipient && (
        <Alert
          type="info"
          showIcon
          className="bo-form-alert"
          title={t('mailAuto.test.noRecipient')}
          data-testid={`${props.kind}-test-no-recipient`}
        />
      )}
      {/* Keyed without a shared form instance: each remount starts from the defaults that just arrived. */}
      <Form
        key={`${options.map((o) => o.value).join(',')}|${people.map((r) => r.email).join(',')}`}
        layout="inline"
        onFinish={send}
        initialValues={{ mailboxId: props.mailboxes[0]?.id, to: (people.find((r) => r.own) ?? people[0])?.email }}
      >
        <Form.Item name="mailboxId" label={t('mailAuto.test.mailbox')} rules={[{ required: true }]}>
          <Select options={options} style={{ width: 240 }} data-testid={`${props.kind}-test-mailbox`} />
        </Form.Item>
        <Form.Item name="to" label={t('mailAuto.test.to')} rules={[{ required: true }]} extra={t('mailAuto.test.toNote')}>
          <Select
            showSearch
            optionFilterProp="label"
            options={toOptions}
            loading={recipients.isPending}
            style={{ width: 300 }}
            data-testid={`${props.kind}-test-to`}
          />
        </Form.Item>
        <Space>
          <Button
            htmlType="submit"
            disabled={options.length === 0 || people.length === 0}
            loading={planTest.isPending || taskTest.isPending}
            data-testid={`${props.kind}-test-send`}
          >
            {t('mailAuto.test.send')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
