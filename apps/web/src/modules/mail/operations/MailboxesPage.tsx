import { ApiOutlined, CloudDownloadOutlined, EditOutlined, MailOutlined, WarningOutlined } from '@ant-design/icons';
import { mailboxes as ep, MARKETS } from '@bo/contract';
import { MAILBOX_TYPES, type Mailbox } from '@bo/contract/mail/mailboxes';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Col,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { ScreenHead } from '../../../shared/components/PageHead';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { formatTimestamp } from '../../../shared/format';
import { applyFieldErrors } from '../../../shared/forms/form-rules';
import { isApiError } from '../../../shared/http/api-error';
import { errorText } from '../../../shared/http/error-text';
import { call } from '../../../shared/http/http-client';
import { useTexts } from '../../../shared/i18n/lang';
import { AddButton } from '../../../shared/kit/AddButton';
import { ActionLinks } from '../../../shared/kit/RowActions';
import { listPagination } from '../../../shared/list-paging';
import { marketName } from '../../../shared/markets/markets';
import { FitTable } from '../../../shared/table/FitTable';
import { useUrlFilters } from '../../../shared/url-filters';
import { usePermissionItems } from '../../access/session/session.queries';
import { userShopsQuery } from '../../shops/shops-auth/shops-auth.queries';
import { FetchFailuresDrawer } from './FetchFailuresDrawer';
import {
  useCheckSettings,
  useCheckStored,
  useDeleteMailbox,
  useFetchNow,
  useMailboxList,
  useMailboxUserLink,
  useSaveMailbox,
  useSendAuthMail,
} from './mailboxes.queries';
import { useAgents } from './operations.queries';

type Values = {
  email: string;
  name: string;
  type: number;
  shopId: number | null;
  marketId: number | null;
  enabled: boolean;
  imapHost: string;
  imapPort: number;
  imapSecure: boolean;
  imapUser: string;
  imapPassword?: string;
  smtpHost: string;
  smtpPort: number;
  smtpSecure: boolean;
  smtpUser: string;
  smtpPassword?: string;
};
const FIELDS = [
  'email',
  'name',
  'type',
  'shopId',
  'marketId',
  'imapHost',
  'imapPort',
  'imapUser',
  'imapPassword',
  'smtpHost',
  'smtpPort',
  'smtpUser',
  'smtpPassword',
] as const;
const NEW: Values = {
  email: '',
  name: '',
  type: 1,
  shopId: null,
  marketId: null,
  enabled: true,
  imapHost: '',
  imapPort: 993,
  imapSecure: true,
  imapUser: '',
  smtpHost: '',
  smtpPort: 465,
  smtpSecure: true,
  smtpUser: '',
};
const STATE_BADGE = { 0: 'default', 1: 'success', 2: 'error' } as const;
const URL_DEFAULTS = { keyword: '', pageNum: '1', pageSize: '20' } as const;

/** Which side failed, in words, from a check result. */
const failures = (r: { imap: { ok: boolean; error: string | null }; smtp: { ok: boolean; error: string | null } }) =>
  [r.imap.ok ? '' : `IMAP: ${r.imap.error ?? '?'}`, r.smtp.ok ? '' : `SMTP: ${r.smtp.error ?? '?'}`].filter(Boolean).join('; ');

/** Whether one side of the form points elsewhere than the stored mailbox (host, port, user or TLS). */
const movedFrom = (stored: Mailbox, v: Values, k: 'imap' | 'smtp') =>
  stored[`${k}Host`].toLowerCase() !== v[`${k}Host`].trim().toLowerCase() ||
  stored[`${k}Port`] !== v[`${k}Port`] ||
  stored[`${k}Secure`] !== v[`${k}Secure`] ||
  stored[`${k}User`] !== v[`${k}User`].trim();

function MailboxDrawer({ box, onClose }: { box: Mailbox | 'new'; onClose: () => void }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const save = useSaveMailbox();
  const check = useCheckSettings();
  const shops = useQuery(userShopsQuery());
  const [error, setError] = useState<string | null>(null);
  const [checkMsg, setCheckMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const editing = box === 'new' ? null : box;
  const initial: Values = editing
    ? {
        email: editing.email,
        name: editing.name,
        type: editing.type,
        shopId: editing.shopId,
        marketId: editing.marketId,
        enabled: editing.enabled,
        imapHost: editing.imapHost,
        imapPort: editing.imapPort,
        imapSecure: editing.imapSecure,
        imapUser: editing.imapUser,
        smtpHost: editing.smtpHost,
        smtpPort: editing.smtpPort,
        smtpSecure: editing.smtpSecure,
        smtpUser: editing.smtpUser,
      }
    : NEW;
  const shopId = Form.useWatch('shopId', form);

  const passwords = (v: Values) => ({
    ...(v.imapPassword ? { imapPassword: v.imapPassword } : {}),
    ...(v.smtpPassword ? { smtpPassword: v.smtpPassword } : {}),
  });

  const submit = async (v: Values) => {
    setError(null);
    try {
      const dup = await call(ep.isDuplicateMailbox, { query: { email: v.email.trim(), ...(editing ? { id: editing.id } : {}) } });
      if (dup) {
        form.setFields([{ name: 'email', errors: [t('mail.mailboxes.duplicate')] }]);
        return;
      }
      const { imapPassword: _i, smtpPassword: _s, ...rest } = v;
      if (editing)
        await save.mutateAsync({ id: editing.id, body: { ...rest, ...passwords(v), id: editing.id, version: editing.version } });
      else
        await save.mutateAsync({
          id: null,
          body: { ...rest, imapPassword: v.imapPassword ?? '', smtpPassword: v.smtpPassword ?? '' },
        });
      notify.success(t('mail.mailboxes.saved'));
      onClose();
    } catch (err) {
      if (isApiError(err) && err.status === 409) setError(t('mail.mailboxes.stale'));
      else if (!applyFieldErrors(form, err, lang, FIELDS)) setError(errorText(err, lang));
    }
  };

  const runCheck = async () => {
    setCheckMsg(null);
    try {
      const v = await form.validateFields([
        'imapHost',
        'imapPort',
        'imapUser',
        'smtpHost',
        'smtpPort',
        'smtpUser',
        ...(editing ? [] : (['imapPassword', 'smtpPassword'] as const)),
      ]);
      const all = { ...form.getFieldsValue(true), ...v } as Values;
      // A stored password is only sent to its own stored settings: a changed side needs it typed again.
      const retype = editing ? (['imap', 'smtp'] as const).filter((k) => movedFrom(editing, all, k) && !all[`${k}Password`]) : [];
      if (retype.length) {
        form.setFields(retype.map((k) => ({ name: `${k}Password`, errors: [t('mail.mailboxes.retypePassword')] })));
        return;
      }
      const r = await check.mutateAsync({
        ...(editing ? { id: editing.id } : {}),
        imapHost: all.imapHost,
        imapPort: all.imapPort,
        imapSecure: all.imapSecure,
        imapUser: all.imapUser,
        smtpHost: all.smtpHost,
        smtpPort: all.smtpPort,
        smtpSecure: all.smtpSecure,
        smtpUser: all.smtpUser,
        ...passwords(all),
      });
      const f = failures(r);
      setCheckMsg(
        f ? { ok: false, text: t('mail.mailboxes.checkFailed', { what: f }) } : { ok: true, text: t('mail.mailboxes.checkOk') },
      );
    } catch (err) {
      if (isApiError(err) && !applyFieldErrors(form, err, lang, FIELDS)) setCheckMsg({ ok: false, text: errorText(err, lang) });
    }
  };

  const server = (prefix: 'imap' | 'smtp') => (
    <>
      <Typography.Title level={5}>{t(`mail.mailboxes.${prefix}`)}</Typography.Title>
      <Row gutter={8}>
        <Col span={12}>
          <Form.Item name={`${prefix}Host`} label={t('mail.mailboxes.host')} rules={[{ required: true }]}>
            <Input data-testid={`mailbox-${prefix}-host`} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name={`${prefix}Port`} label={t('mail.mailboxes.port')} rules={[{ required: true }]}>
            <InputNumber min={1} max={65535} style={{ width: '100%' }} data-testid={`mailbox-${prefix}-port`} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name={`${prefix}Secure`} label={t('mail.mailboxes.secure')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name={`${prefix}User`} label={t('mail.mailboxes.user')} rules={[{ required: true }]}>
            <Input autoComplete="off" data-testid={`mailbox-${prefix}-user`} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name={`${prefix}Password`}
            label={t('mail.mailboxes.password')}
            rules={editing ? [] : [{ required: true }]}
            extra={editing ? t('mail.mailboxes.keepPassword') : undefined}
          >
            <Input.Password autoComplete="new-password" data-testid={`mailbox-${prefix}-password`} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );

  return (
    <Drawer
      open
      width={640}
      title={editing ? t('mail.mailboxes.edit') : t('mail.mailboxes.add')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button icon={<ApiOutlined />} loading={check.isPending} onClick={() => void runCheck()} data-testid="mailbox-check">
            {t('mail.mailboxes.check')}
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="mailbox-save">
            {t('mail.mailboxes.save')}
          </Button>
        </Space>
      }
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      {checkMsg && (
        <Alert
          type={checkMsg.ok ? 'success' : 'error'}
          showIcon
          message={checkMsg.text}
          style={{ marginBottom: 12 }}
          data-testid="mailbox-check-result"
        />
      )}
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)} data-testid="mailbox-form">
        <Row gutter={8}>
          <Col span={12}>
            <Form.Item name="email" label={t('mail.mailboxes.email')} rules={[{ required: true, type: 'email' }]}>
              <Input data-testid="mailbox-email" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="name" label={t('mail.mailboxes.name')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="type" label={t('mail.mailboxes.type')}>
              <Select options={MAILBOX_TYPES.map((m) => ({ value: m.id, label: lang === 'zh-CN' ? m.zh : m.en }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="shopId" label={t('mail.mailboxes.shop')}>
              <Select
                allowClear
                placeholder={t('mail.mailboxes.noShop')}
                options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                onChange={(v) => form.setFieldValue('shopId', v ?? null)}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="marketId" label={t('mail.mailboxes.market')}>
              <Select
                allowClear
                disabled={shopId !== null && shopId !== undefined}
                options={MARKETS.map((m) => ({ value: m.id, label: `${m.code} ${marketName(m, lang)}` }))}
                onChange={(v) => form.setFieldValue('marketId', v ?? null)}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="enabled" label={t('mail.mailboxes.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        {server('imap')}
        {server('smtp')}
      </Form>
    </Drawer>
  );
}

/**
 * /mail/mailboxes: the customer-service mail accounts over the mailbox calls of spec §7 —
 * list, add and edit (with a connection check of the typed settings), check a stored
 * mailbox, send it a test mail, delete with confirmation, link users to it.
 */
export default function MailboxesPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [url, setUrl] = useUrlFilters(URL_DEFAULTS);
  const q = {
    ...(url.keyword.trim() ? { keyword: url.keyword.trim() } : {}),
    pageNum: Math.max(1, Number(url.pageNum) || 1),
    pageSize: [10, 20, 50, 100].includes(Number(url.pageSize)) ? Number(url.pageSize) : 20,
  };
  const list = useMailboxList(q);
  const del = useDeleteMailbox();
  const checkStored = useCheckStored();
  const sendTest = useSendAuthMail();
  const link = useMailboxUserLink();
  const fetchNow = useFetchNow();
  const { data: items } = usePermissionItems();
  const canSeeAgents = (items ?? []).some((i) => i.authPattern === 'email:assignment');
  const agents = useAgents(0, canSeeAgents);
  const [open, setOpen] = useState<Mailbox | 'new' | null>(null);
  const [failuresOf, setFailuresOf] = useState<number | null>(null);
  const failuresBox = list.data?.list.find((m) => m.id === failuresOf);
  const [keyword, setKeyword] = useState(url.keyword);

  const fail = (err: unknown) => notify.failure(err);

  return (
    <div className="bo-page" data-testid="page-mailboxes">
      <ScreenHead title={t('mail.mailboxes.title')} subtitle={t('mail.mailboxes.subtitle')} />
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          style={{ width: 280 }}
          value={keyword}
          placeholder={t('mail.mailboxes.keyword')}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => setUrl({ keyword: v.trim(), pageNum: '1' })}
        />
        <AddButton permission="userCenter:cs:configuration:create" onClick={() => setOpen('new')} testId="mailbox-add">
          {t('mail.mailboxes.add')}
        </AddButton>
      </Flex>
      {list.data?.list.some((m) => m.demo) && (
        <Alert
          type="info"
          showIcon
          message={t('mail.mailboxes.demoBanner')}
          style={{ marginBottom: 12 }}
          data-testid="mailbox-demo-banner"
        />
      )}
      <QueryStates pending={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        {/* At 1280 px: the mailbox, its connection state, the last fetch, the linked users and the actions; its
            type and shop in the column chooser. */}
        <FitTable<Mailbox>
          tableId="mail.mailboxes"
          size="small"
          rowKey="id"
          data-testid="mailbox-list"
          dataSource={list.data?.list ?? []}
          // A disabled mailbox is greyed out (and tagged): it is not fetched.
          onRow={(m) => ({ style: m.enabled ? undefined : { opacity: 0.6 }, 'data-enabled': String(m.enabled) }) as object}
          pagination={listPagination(q, list.data?.total ?? 0, t)}
          onChange={(p) => setUrl({ pageNum: String(p.current ?? 1), pageSize: String(p.pageSize ?? 20) })}
          columns={[
            {
              title: t('mail.mailboxes.email'),
              key: 'email',
              priority: 'key',
              width: 210,
              render: (_, m) => (
                <Space direction="vertical" size={0}>
                  <Space size={4} wrap>
                    <Typography.Text strong>{m.email}</Typography.Text>
                    {m.demo && (
                      <Tag color="purple" data-testid="mailbox-demo-tag">
                        {t('mail.mailboxes.demoTag')}
                      </Tag>
                    )}
                    {!m.enabled && <Tag data-testid="mailbox-disabled-tag">{t('mail.mailboxes.disabledTag')}</Tag>}
                  </Space>
                  <Typography.Text type="secondary">{m.name}</Typography.Text>
                </Space>
              ),
            },
            {
              title: t('mail.mailboxes.type'),
              key: 'type',
              width: 100,
              render: (_, m) => t(`mail.tabs.t${m.type}` as 'mail.tabs.t1'),
            },
            { title: t('mail.mailboxes.shop'), key: 'shop', width: 130, ellipsis: true, render: (_, m) => m.shopName ?? '—' },
            {
              title: t('mail.mailboxes.state'),
              key: 'state',
              priority: 'key',
              width: 210,
              render: (_, m) => (
                <Space direction="vertical" size={0}>
                  {m.demo ? (
                    <Typography.Text type="secondary" data-testid="mailbox-demo-note" style={{ maxWidth: '100%' }}>
                      <Badge status="default" /> {t('mail.mailboxes.demoNote')}
                    </Typography.Text>
                  ) : (
                    <Tooltip title={m.lastError}>
                      <Badge
                        status={m.enabled ? STATE_BADGE[m.authState as 0 | 1 | 2] : 'default'}
                        text={t(`mail.mailboxes.states.s${m.authState}` as 'mail.mailboxes.states.s0')}
                      />
                    </Tooltip>
                  )}
                  {/* The kept result of the last check: when, and why it failed. */}
                  {m.checkedAt && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="mailbox-checked-at">
                      {t('mail.mailboxes.checkedAt', { time: formatTimestamp(m.checkedAt, 'MM-DD HH:mm') })}
                    </Typography.Text>
                  )}
                  {!m.demo && m.authState === 2 && m.lastError && (
                    <Typography.Text
                      type="danger"
                      ellipsis={{ tooltip: m.lastError }}
                      style={{ maxWidth: 190, fontSize: 12 }}
                      data-testid="mailbox-check-error"
                    >
                      {m.lastError}
                    </Typography.Text>
                  )}
                  {m.fetchError && (
                    <Typography.Text
                      type="danger"
                      ellipsis={{ tooltip: m.fetchError }}
                      style={{ maxWidth: 190 }}
                      data-testid="mailbox-fetch-error"
                    >
                      {t('mail.mailboxes.fetchError', { error: m.fetchError })}
                    </Typography.Text>
                  )}
                  {m.setAsideCount > 0 && (
                    <Button
                      type="link"
                      size="small"
                      danger
                      style={{ padding: 0 }}
                      onClick={() => setFailuresOf(m.id)}
                      data-testid="mailbox-set-aside"
                    >
                      {t('mail.mailboxes.setAsideCount', { count: m.setAsideCount })}
                    </Button>
                  )}
                </Space>
              ),
            },
            {
              title: t('mail.mailboxes.lastFetch'),
              key: 'lastFetch',
              priority: 'key',
              width: 110,
              render: (_: unknown, m: Mailbox) => (
                <Space direction="vertical" size={0} data-testid="mailbox-last-fetch">
                  <Typography.Text>
                    {m.lastFetchAt ? formatTimestamp(m.lastFetchAt, 'MM-DD HH:mm') : t('mail.mailboxes.never')}
                  </Typography.Text>
                  {m.lastFetchAt && !m.fetchError && (
                    <Typography.Text type="success" style={{ fontSize: 12 }}>
                      {t('mail.mailboxes.fetchOk')}
                    </Typography.Text>
                  )}
                  {m.fetchErrorAt && m.fetchError && (
                    <Typography.Text type="danger" style={{ fontSize: 12 }}>
                      {formatTimestamp(m.fetchErrorAt, 'MM-DD HH:mm')}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            ...(canSeeAgents
              ? [
                  {
                    title: t('mail.mailboxes.users'),
                    key: 'users',
                    priority: 'key' as const,
                    width: 200,
                    render: (_: unknown, m: Mailbox) => (
                      <Can permission="userCenter:cs:configuration:edit" fallback={m.userIds.length}>
                        <Select<number[]>
                          mode="multiple"
                          size="small"
                          style={{ width: '100%' }}
                          value={m.userIds}
                          // Typed text finds users by name (antd filters on the value, a user id, by default:
                          // typing a name found nobody and linked no one).
                          optionFilterProp="label"
                          options={(agents.data?.agents ?? []).map((a) => ({ value: a.userId, label: a.userName }))}
                          onSelect={(userId: number) => link.mutate({ mailBoxId: m.id, userId, linked: true }, { onError: fail })}
                          onDeselect={(userId: number) =>
                            link.mutate({ mailBoxId: m.id, userId, linked: false }, { onError: fail })
                          }
                          data-testid="mailbox-users"
                        />
                      </Can>
                    ),
                  },
                ]
              : []),
            {
              title: t('mail.mailboxes.actions'),
              key: 'actions',
              priority: 'key',
              width: 240,
              render: (_, m) => (
                <ActionLinks
                  wrap
                  actions={[
                    {
                      testId: 'mailbox-edit',
                      permission: 'userCenter:cs:configuration:edit',
                      label: t('common.edit'),
                      icon: <EditOutlined />,
                      onClick: () => setOpen(m),
                    },
                    {
                      testId: 'mailbox-check-stored',
                      label: t('mail.mailboxes.check'),
                      icon: <ApiOutlined />,
                      loading: checkStored.isPending && checkStored.variables === m.id,
                      onClick: () =>
                        checkStored.mutate(m.id, {
                          onSuccess: (r) => {
                            const f = failures(r);
                            if (f) notify.error(t('mail.mailboxes.checkFailed', { what: f }));
                            else notify.success(t('mail.mailboxes.checkOk'));
                          },
                          onError: fail,
                        }),
                    },
                    {
                      testId: 'mailbox-fetch-now',
                      label: t('mail.mailboxes.fetchNow'),
                      icon: <CloudDownloadOutlined />,
                      loading: fetchNow.isPending && fetchNow.variables === m.id,
                      onClick: () =>
                        fetchNow.mutate(m.id, {
                          onSuccess: (r) => {
                            if (r.queued) notify.success(t('mail.mailboxes.fetchQueued'));
                            else if (r.reason === 'demo') notify.warning(t('mail.mailboxes.fetchDemo'));
                            else notify.warning(t('mail.mailboxes.fetchDisabled'));
                          },
                          onError: fail,
                        }),
                    },
                    {
                      testId: 'mailbox-failures',
                      label: t('mail.mailboxes.failures.open'),
                      icon: <WarningOutlined />,
                      onClick: () => setFailuresOf(m.id),
                    },
                    {
                      // A demo mailbox has no SMTP server: no test mail is offered.
                      key: 'send-test',
                      hidden: m.demo,
                      permission: 'userCenter:cs:configuration:edit',
                      label: t('mail.mailboxes.sendTest'),
                      icon: <MailOutlined />,
                      loading: sendTest.isPending && sendTest.variables === m.id,
                      onClick: () =>
                        sendTest.mutate(m.id, { onSuccess: () => notify.success(t('mail.mailboxes.testSent')), onError: fail }),
                    },
                    {
                      testId: 'mailbox-delete',
                      permission: 'userCenter:cs:configuration:delete',
                      remove: {
                        title: t('mail.mailboxes.deleteTitle', { email: m.email }),
                        description: t('mail.mailboxes.deleteNote'),
                        onConfirm: () =>
                          del.mutate(m.id, { onSuccess: () => notify.success(t('mail.mailboxes.deleted')), onError: fail }),
                        confirmTestId: 'mailbox-delete-ok',
                      },
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      </QueryStates>
      {open && <MailboxDrawer key={open === 'new' ? 'new' : open.id} box={open} onClose={() => setOpen(null)} />}
      {failuresBox && <FetchFailuresDrawer box={failuresBox} onClose={() => setFailuresOf(null)} />}
    </div>
  );
}
