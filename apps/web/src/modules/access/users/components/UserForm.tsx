import { ERROR_CODES, users as ep, STATUS } from '@bo/contract';
import type { ChildUser } from '@bo/contract/access/users';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Input, Row, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../shared/components/use-notify';
import { applyFieldErrors, sameAsRule, zodRule } from '../../../../shared/forms/form-rules';
import { isApiError } from '../../../../shared/http/api-error';
import { errorText } from '../../../../shared/http/error-text';
import { useLang } from '../../../../shared/i18n/lang';
import { userShopsQuery } from '../../../shops/shops-auth/shops-auth.queries';
import { allRolesQuery } from '../../roles/roles.queries';
import { useCreateUser, useUpdateUser } from '../users.queries';

interface Values {
  loginName: string;
  password: string;
  confirm: string;
  userName: string;
  email: string;
  cellphone: string;
  roleIds: number[];
  shopIds: number[];
}

const FIELDS = ['loginName', 'password', 'userName', 'email', 'cellphone', 'roleIds', 'shopIds'] as const;
const shape = ep.createChildUser.body.shape;
const orNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

interface Props {
  /** null: a new user. */
  user: ChildUser | null;
  onDone: () => void;
  onCancel: () => void;
  /** Loads the user as they are now; the form is then shown afresh. */
  onReload: () => Promise<void>;
}

type Problem = { kind: 'stale' } | { kind: 'error'; text: string } | null;

/** A user's name, contact, roles and shops; a new user also gets a login name and a password. */
export function UserForm({ user, onDone, onCancel, onReload }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const create = useCreateUser();
  const update = useUpdateUser();
  const roles = useQuery(allRolesQuery());
  const shops = useQuery(userShopsQuery());
  const [problem, setProblem] = useState<Problem>(null);
  const [reloading, setReloading] = useState(false);

  const submit = async (v: Values) => {
    setProblem(null);
    const editable = {
      userName: v.userName,
      email: orNull(v.email),
      cellphone: orNull(v.cellphone),
      roleIds: v.roleIds ?? [],
      shopIds: v.shopIds ?? [],
    };
    try {
      if (user) await update.mutateAsync({ id: user.id, body: { ...editable, version: user.version } });
      else await create.mutateAsync({ ...editable, loginName: v.loginName, password: v.password });
      notify.success(t(user ? 'users.saved' : 'users.created', { name: user?.loginName ?? v.loginName }));
      onDone();
    } catch (err) {
      if (isApiError(err) && err.code === ERROR_CODES.STALE_VERSION) setProblem({ kind: 'stale' });
      else if (isApiError(err) && err.status === STATUS.CONFLICT && !user)
        form.setFields([{ name: 'loginName', errors: [t('register.loginNameTaken')] }]);
      else if (isApiError(err) && err.status === STATUS.FORBIDDEN)
        setProblem({ kind: 'error', text: t('auth.errors.permissionDenied', { detail: err.message }) });
      else if (!applyFieldErrors(form, err, lang, FIELDS)) setProblem({ kind: 'error', text: errorText(err, lang) });
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      initialValues={{
        userName: user?.userName ?? '',
        email: user?.email ?? '',
        cellphone: user?.cellphone ?? '',
        roleIds: user?.roles.map((r) => r.id) ?? [],
        shopIds: user?.shopIds ?? [],
      }}
      data-testid="user-form"
    >
      {problem?.kind === 'stale' && (
        <Alert
          type="warning"
          showIcon
          className="bo-form-alert"
          title={t('users.stale.title')}
          description={t('users.stale.text')}
          data-testid="user-stale"
          action={
            <Button size="small" type="primary" loading={reloading} onClick={() => void reload()}>
              {t('common.reload')}
            </Button>
          }
        />
      )}
      {problem?.kind === 'error' && <Alert type="error" showIcon className="bo-form-alert" title={problem.text} />}
      {!user && (
        <Form.Item
          name="loginName"
          label={t('users.field.loginName')}
          rules={[zodRule(shape.loginName, lang)]}
          extra={t('register.loginNameHint')}
        >
          <Input maxLength={64} autoComplete="off" data-testid="user-login-name" />
        </Form.Item>
      )}
      <Form.Item name="userName" label={t('users.field.userName')} rules={[zodRule(shape.userName, lang)]}>
        <Input maxLength={64} data-testid="user-display-name" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('users.field.email')} rules={[zodRule(shape.email, lang, { optional: true })]}>
            <Input type="email" maxLength={254} placeholder={t('users.optional')} data-testid="user-email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="cellphone"
            label={t('users.field.cellphone')}
            rules={[zodRule(shape.cellphone, lang, { optional: true })]}
          >
            <Input maxLength={20} placeholder={t('users.optional')} data-testid="user-cellphone" />
          </Form.Item>
        </Col>
      </Row>
      {!user && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="password"
              label={t('users.field.password')}
              rules={[zodRule(shape.password, lang)]}
              extra={t('password.rules')}
            >
              <Input.Password maxLength={128} autoComplete="new-password" data-testid="user-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="confirm"
              label={t('password.confirm')}
              dependencies={['password']}
              rules={[{ required: true, message: t('password.confirmRequired') }, sameAsRule('password', t('password.mismatch'))]}
            >
              <Input.Password maxLength={128} autoComplete="new-password" data-testid="user-password-confirm" />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Form.Item name="roleIds" label={t('users.field.roles')} extra={t('users.rolesHint')}>
        <Select
          mode="multiple"
          allowClear
          loading={roles.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          placeholder={t('users.rolesPlaceholder')}
          data-testid="user-roles"
        />
      </Form.Item>
      <Form.Item name="shopIds" label={t('users.field.shops')}>
        <Select
          mode="multiple"
          allowClear
          loading={shops.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          placeholder={t('users.shopsPlaceholder')}
          maxTagCount="responsive"
          data-testid="user-shops"
        />
      </Form.Item>
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending} data-testid="user-save">
          {t('common.save')}
        </Button>
      </Space>
    </Form>
  );
}
