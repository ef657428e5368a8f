/**
 * What the automation forms share (the auto-reply plan's page, the invitation plan's page and
 * the smart mail task's dialog): the edit route that loads the record, the page head with its
 * way back, the form's state (where a refusal goes, the rules check's veto on the text), its
 * banners, and the sending blocks (name, shop and mailbox; days after delivery and the send
 * window). The subject and body are `MailTextFields`.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { REVIEW_MAX_DAYS, REVIEW_MIN_DAYS } from '@bo/contract/mail/automation';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Empty, Form, type FormInstance, Input, InputNumber, Select, Space, Typography } from 'antd';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryStates } from '../../../../shared/components/QueryStates';
import { useEditFormProblem } from '../../../../shared/forms/edit-form-problem';
import { FormProblemAlerts } from '../../../../shared/forms/FormProblemAlerts';
import { userShopsQuery } from '../../../shops/shops-auth/shops-auth.queries';
import { useSenders } from '../automation.queries';
import { useTextRefused } from './MailTextFields';

type Kind = 'plan' | 'invite' | 'task';

/** The record id of an edit route (`?id=`), or null on the route that creates one. */
export function useIdParam(): number | null {
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  return Number.isInteger(raw) && raw > 0 ? raw : null;
}

/**
 * An edit page's record: none when creating; else loading, its error with Retry, "no such …",
 * and the editor. The editor keeps the version it opened with: a refetch in the background
 * (after a refused save invalidates the plan's queries) neither wipes what the user wrote nor
 * hides the stale banner; only the editor's reload (after a save, or the banner's Reload)
 * opens the new version, in a fresh form.
 */
export function EditRoute<R extends { id: number; version: number }>(props: {
  id: number | null;
  record: UseQueryResult<R>;
  kind: Exclude<Kind, 'task'>;
  children: (record: R | null, onReload: () => Promise<unknown>) => ReactNode;
}) {
  const { t } = useTranslation();
  const { id, record } = props;
  const [held, setHeld] = useState<R | null>(null);
  useEffect(() => {
    if (record.data && held?.id !== record.data.id) setHeld(record.data);
  }, [record.data, held]);
  if (id === null) return props.children(null, async () => {});
  const shown = held?.id === id ? held : record.data;
  const reload = async () => {
    const next = await record.refetch();
    if (next.data) setHeld(next.data);
  };
  return (
    <QueryStates pending={record.isPending} error={record.error} onRetry={() => void record.refetch()}>
      {shown ? (
        <Fragment key={`${shown.id}:${shown.version}`}>{props.children(shown, reload)}</Fragment>
      ) : (
        <Empty description={t(`mailAuto.${props.kind}.notFound`)} />
      )}
    </QueryStates>
  );
}

/** An edit page's head: back to its list, the title (the tab's too), what the page adds (a state). */
export function EditPageHead(props: { backTo: string; backText: string; backTestId?: string; title: string; extra?: ReactNode }) {
  const navigate = useNavigate();
  return (
    <div className="bo-page-head">
      <Space>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(props.backTo)} data-testid={props.backTestId}>
          {props.backText}
        </Button>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
          {props.title}
        </Typography.Title>
        {props.extra}
      </Space>
    </div>
  );
}

/**
 * An automation form's state: the subject and body as written, whether the rules check refuses
 * them, and `save`, which sends only a text the check accepts and puts a refusal from the
 * server where it belongs (stale version, taken name, field errors, a banner).
 */
export function useMailForm(
  form: FormInstance,
  record: { subject: string; body: string } | null,
  onReload: () => Promise<unknown>,
) {
  const problems = useEditFormProblem(form, onReload);
  const [blocked, setBlocked] = useState(false);
  const subject: string = Form.useWatch('subject', form) ?? record?.subject ?? '';
  const body: string = Form.useWatch('body', form) ?? record?.body ?? '';
  const { refused } = useTextRefused(subject, body);

  const save = async (
    send: () => Promise<unknown>,
    on: { fields: readonly string[]; conflict: { field: string; text: string } },
  ): Promise<void> => {
    problems.clear();
    if (refused) return setBlocked(true);
    setBlocked(false);
    try {
      await send();
    } catch (err) {
      problems.report(err, on);
    }
  };
  return { ...problems, blocked, unblock: () => setBlocked(false), subject, body, save };
}

/** The form's banners: someone else saved first (with Reload), the server's refusal, the rules check's veto. */
export function MailFormAlerts({
  state,
  kind,
  blockedTestId,
}: {
  state: ReturnType<typeof useMailForm>;
  kind: Kind;
  blockedTestId?: string;
}) {
  const { t } = useTranslation();
  const { problem } = state;
  return (
    <>
      <FormProblemAlerts
        problem={problem}
        stale={{ title: t(`mailAuto.${kind}.stale.title`), text: t(`mailAuto.${kind}.stale.text`) }}
        reload={{ onClick: () => void state.reload(), loading: state.reloading }}
      />
      {state.blocked && (
        <Alert type="error" showIcon className="bo-form-alert" title={t('mailAuto.lintBlocked')} data-testid={blockedTestId} />
      )}
    </>
  );
}

/** The mailboxes that can send, and the record's own one even when it cannot send now (so it reads as its address). */
export const senderOptions = (
  senders: readonly { id: number; email: string }[] | undefined,
  current: { mailboxId: number; mailboxEmail: string | null } | null,
) => {
  const options = (senders ?? []).map((b) => ({ value: b.id, label: b.email }));
  if (current && !options.some((o) => o.value === current.mailboxId))
    options.unshift({ value: current.mailboxId, label: current.mailboxEmail ?? String(current.mailboxId) });
  return options;
};

/**
 * Name, shop and sending mailbox: the first row of the task and invitation forms (three
 * columns of a `Row`). Choosing another shop clears what belonged to the old one.
 */
export function SenderFields(props: {
  form: FormInstance;
  nameField: string;
  nameLabel: string;
  /** The record being edited: its mailbox stays offered while its shop is chosen. */
  record: { shopId: number; mailboxId: number; mailboxEmail: string | null } | null;
  /** What a shop change empties besides the mailbox (the invitation's SKUs and ASINs). */
  clearOnShop?: Record<string, unknown>;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { form, record, testId } = props;
  const shops = useQuery(userShopsQuery());
  const shopId: number | undefined = Form.useWatch('shopId', form) ?? record?.shopId;
  const senders = useSenders(shopId);
  const id = (what: string) => (testId ? `${testId}-${what}` : undefined);
  return (
    <>
      <Col xs={24} md={8}>
        <Form.Item
          name={props.nameField}
          label={props.nameLabel}
          rules={[{ required: true, whitespace: true, message: t('mailAuto.rules.name') }]}
        >
          <Input maxLength={80} data-testid={id('name')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="shopId" label={t('mailAuto.task.shop')} rules={[{ required: true, message: t('mailAuto.rules.shop') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={shops.isPending}
            options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            onChange={() => form.setFieldsValue({ mailboxId: undefined, ...props.clearOnShop })}
            data-testid={id('shop')}
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
            options={senderOptions(senders.data, record && shopId === record.shopId ? record : null)}
            data-testid={id('mailbox')}
          />
        </Form.Item>
      </Col>
    </>
  );
}

/**
 * Days after delivery and the send window (columns of a `Row`, `md` wide each). A review
 * request keeps Amazon's window for days; another kind of mail may go from day 0 to 90.
 */
export function SendWindowFields({ md, review = true, testId }: { md: number; review?: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Col xs={12} md={md}>
        <Form.Item
          name="daysAfterDelivery"
          label={t('mailAuto.task.days')}
          extra={review ? t('mailAuto.task.daysHint') : undefined}
          rules={[{ required: true, message: t('mailAuto.rules.days') }]}
        >
          <InputNumber
            min={review ? REVIEW_MIN_DAYS : 0}
            max={review ? REVIEW_MAX_DAYS : 90}
            precision={0}
            data-testid={testId ? `${testId}-days` : undefined}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={md}>
        <Form.Item name="sendHourFrom" label={t('mailAuto.task.hourFrom')}>
          <InputNumber min={0} max={23} precision={0} />
        </Form.Item>
      </Col>
      <Col xs={12} md={md}>
        <Form.Item name="sendHourTo" label={t('mailAuto.task.hourTo')}>
          <InputNumber min={1} max={24} precision={0} />
        </Form.Item>
      </Col>
    </>
  );
}
