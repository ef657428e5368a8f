import { Alert, Button, Card, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../shared/components/use-notify';
import { errorText } from '../../../../shared/http/error-text';
import { useLang } from '../../../../shared/i18n/lang';
import { usePlanTestMail, useTaskTestMail } from '../automation.queries';

/** Sends the text as it stands in the form, with sample merge values, to a colleague. */
export function TestMailCard(props: {
  kind: 'plan' | 'task';
  subject: string;
  body: string;
  mailboxes: readonly { id: number; email: string }[];
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const planTest = usePlanTestMail();
  const taskTest = useTaskTestMail();
  const [form] = Form.useForm<{ mailboxId: number; to: string }>();
  const send = async (v: { mailboxId: number; to: string }) => {
    const body = { mailboxId: v.mailboxId, to: v.to.trim(), subject: props.subject, body: props.body };
    try {
      await (props.kind === 'plan' ? planTest.mutateAsync(body) : taskTest.mutateAsync(body));
      notify.success(t('mailAuto.test.sent', { to: body.to }));
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };
  const options = props.mailboxes.map((b) => ({ value: b.id, label: b.email }));
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
      <Form
        key={options.map((o) => o.value).join(',')}
        form={form}
        layout="inline"
        onFinish={send}
        initialValues={{ mailboxId: props.mailboxes[0]?.id }}
      >
        <Form.Item name="mailboxId" label={t('mailAuto.test.mailbox')} rules={[{ required: true }]}>
          <Select options={options} style={{ width: 240 }} data-testid={`${props.kind}-test-mailbox`} />
        </Form.Item>
        <Form.Item name="to" label={t('mailAuto.test.to')} rules={[{ required: true, type: 'email' }]}>
          <Input maxLength={200} style={{ width: 240 }} data-testid={`${props.kind}-test-to`} />
        </Form.Item>
        <Space>
          <Button htmlType="submit" loading={planTest.isPending || taskTest.isPending} data-testid={`${props.kind}-test-send`}>
            {t('mailAuto.test.send')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
