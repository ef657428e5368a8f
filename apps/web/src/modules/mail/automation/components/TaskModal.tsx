import { AUTO_MAIL_KINDS, type AutoMailDetail } from '@bo/contract/mail/automation';
import { Col, Form, InputNumber, Modal, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../shared/components/use-notify';
import { useCreateTask, useUpdateTask } from '../automation.queries';
import { MailFormAlerts, SenderFields, SendWindowFields, useMailForm } from './MailFormParts';
import { MailTextFields } from './MailTextFields';

interface Values {
  autoMailName: string;
  shopId: number;
  mailboxId: number;
  kind: (typeof AUTO_MAIL_KINDS)[number];
  asins: string[];
  daysAfterDelivery: number;
  sendHourFrom: number;
  sendHourTo: number;
  buyerDedupeDays: number;
  subject: string;
  body: string;
}
const FIELDS = [
  'autoMailName',
  'shopId',
  'mailboxId',
  'kind',
  'asins',
  'daysAfterDelivery',
  'sendHourFrom',
  'sendHourTo',
  'buyerDedupeDays',
  'subject',
  'body',
] as const;

/** Creates or edits one smart mail task; the rules check runs as the text is written. */
export function TaskModal({
  task,
  onClose,
  onReload,
}: {
  task: AutoMailDetail | null;
  onClose: () => void;
  onReload: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const kind: Values['kind'] = Form.useWatch('kind', form) ?? task?.kind ?? 'review';
  const create = useCreateTask();
  const update = useUpdateTask();
  const state = useMailForm(form, task, async () => {
    await onReload();
    onClose();
  });

  const submit = (v: Values) => {
    const fields = { ...v, autoMailName: v.autoMailName.trim(), asins: (v.asins ?? []).map((a) => a.trim().toUpperCase()) };
    return state.save(
      async () => {
        if (task) await update.mutateAsync({ ...fields, autoMailId: task.autoMailId, version: task.version });
        else await create.mutateAsync(fields);
        notify.success(t(task ? 'mailAuto.task.saved' : 'mailAuto.task.created', { name: fields.autoMailName }));
        onClose();
      },
      { fields: FIELDS, conflict: { field: 'autoMailName', text: t('mailAuto.task.taken') } },
    );
  };

  return (
    <Modal
      open
      width={1100}
      title={t(task ? 'mailAuto.task.editTitle' : 'mailAuto.task.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'task-save' }}
      destroyOnHidden
    >
      <MailFormAlerts state={state} kind="task" blockedTestId="task-blocked" />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={state.unblock}
        initialValues={{
          autoMailName: task?.autoMailName ?? '',
          shopId: task?.shopId,
          mailboxId: task?.mailboxId,
          kind: task?.kind ?? 'review',
          asins: task?.asins ?? [],
          daysAfterDelivery: task?.daysAfterDelivery ?? 7,
          sendHourFrom: task?.sendHourFrom ?? 9,
          sendHourTo: task?.sendHourTo ?? 18,
          buyerDedupeDays: task?.buyerDedupeDays ?? 30,
          subject: task?.subject ?? '',
          body: task?.body ?? '',
        }}
        data-testid="task-form"
      >
        <Row gutter={16}>
          <SenderFields form={form} nameField="autoMailName" nameLabel={t('mailAuto.task.name')} record={task} testId="task" />
          <Col xs={24} md={8}>
            <Form.Item name="kind" label={t('mailAuto.task.kind')}>
              <Radio.Group
                optionType="button"
                options={AUTO_MAIL_KINDS.map((k) => ({ value: k, label: t(`mailAuto.kind.${k}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="asins" label={t('mailAuto.task.asins')}>
              <Select mode="tags" open={false} tokenSeparators={[',', ' ', '，']} data-testid="task-asins" />
            </Form.Item>
          </Col>
          <SendWindowFields md={6} review={kind === 'review'} testId="task" />
          <Col xs={12} md={6}>
            <Form.Item name="buyerDedupeDays" label={t('mailAuto.task.dedupe')}>
              <InputNumber min={0} max={365} precision={0} />
            </Form.Item>
          </Col>
        </Row>
        <MailTextFields form={form} testId="task" />
      </Form>
    </Modal>
  );
}
