import { AUTO_MAIL_KINDS, type AutoMailDetail, REVIEW_MAX_DAYS, REVIEW_MIN_DAYS } from '@bo/contract/mail/automation';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Input, InputNumber, Modal, Radio, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../shared/components/use-notify';
import { useEditFormProblem } from '../../../../shared/forms/edit-form-problem';
import { userShopsQuery } from '../../../shops/shops-auth/shops-auth.queries';
import { useCreateTask, useSenders, useUpdateTask } from '../automation.queries';
import { MailTextFields, useTextRefused } from './MailTextFields';
import { senderOptions } from './sender-options';

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
  const shops = useQuery(userShopsQuery());
  const shopId: number | undefined = Form.useWatch('shopId', form) ?? task?.shopId;
  const kind: Values['kind'] = Form.useWatch('kind', form) ?? task?.kind ?? 'review';
  const senders = useSenders(shopId);
  const create = useCreateTask();
  const update = useUpdateTask();
  const { problem, clear, report, reload, reloading } = useEditFormProblem(form, async () => {
    await onReload();
    onClose();
  });
  const [blocked, setBlocked] = useState(false);
  const subject: string = Form.useWatch('subject', form) ?? task?.subject ?? '';
  const body: string = Form.useWatch('body', form) ?? task?.body ?? '';
  const { refused } = useTextRefused(subject, body);

  const submit = async (v: Values) => {
    clear();
    if (refused) return setBlocked(true);
    setBlocked(false);
    const fields = { ...v, autoMailName: v.autoMailName.trim(), asins: (v.asins ?? []).map((a) => a.trim().toUpperCase()) };
    try {
      if (task) await update.mutateAsync({ ...fields, autoMailId: task.autoMailId, version: task.version });
      else await create.mutateAsync(fields);
      notify.success(t(task ? 'mailAuto.task.saved' : 'mailAuto.task.created', { name: fields.autoMailName }));
      onClose();
    } catch (err) {
      report(err, { fields: FIELDS, conflict: { field: 'autoMailName', text: t('mailAuto.task.taken') } });
    }
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
      {problem?.kind === 'stale' && (
        <Alert
          type="warning"
          showIcon
          className="bo-form-alert"
          title={t('mailAuto.task.stale.title')}
          description={t('mailAuto.task.stale.text')}
          action={
            <Button size="small" type="primary" loading={reloading} onClick={() => void reload()}>
              {t('common.reload')}
            </Button>
          }
        />
      )}
      {problem?.kind === 'error' && <Alert type="error" showIcon className="bo-form-alert" title={problem.text} />}
      {blocked && (
        <Alert type="error" showIcon className="bo-form-alert" title={t('mailAuto.lintBlocked')} data-testid="task-blocked" />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => setBlocked(false)}
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
          <Col xs={24} md={8}>
            <Form.Item
              name="autoMailName"
              label={t('mailAuto.task.name')}
              rules={[{ required: true, whitespace: true, message: t('mailAuto.rules.name') }]}
            >
              <Input maxLength={80} data-testid="task-name" />
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
                onChange={() => form.setFieldValue('mailboxId', undefined)}
                data-testid="task-shop"
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
                options={senderOptions(senders.data, task && shopId === task.shopId ? task : null)}
                data-testid="task-mailbox"
              />
            </Form.Item>
          </Col>
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
          <Col xs={12} md={6}>
            <Form.Item
              name="daysAfterDelivery"
              label={t('mailAuto.task.days')}
              extra={kind === 'review' ? t('mailAuto.task.daysHint') : undefined}
              rules={[{ required: true, message: t('mailAuto.rules.days') }]}
            >
              <InputNumber
                min={kind === 'review' ? REVIEW_MIN_DAYS : 0}
                max={kind === 'review' ? REVIEW_MAX_DAYS : 90}
                precision={0}
                data-testid="task-days"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="sendHourFrom" label={t('mailAuto.task.hourFrom')}>
              <InputNumber min={0} max={23} precision={0} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="sendHourTo" label={t('mailAuto.task.hourTo')}>
              <InputNumber min={1} max={24} precision={0} />
            </Form.Item>
          </Col>
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
