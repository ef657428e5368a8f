import { users as ep } from '@bo/contract';
import type { ChildUser } from '@bo/contract/access/users';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Input, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../shared/components/use-notify';
import { useEditFormProblem } from '../../../../shared/forms/edit-form-problem';
import { zodRule } from '../../../../shared/forms/form-rules';
import { NewPasswordFields } from '../../../../shared/forms/NewPasswordFields';
import { useLang } from '../../../../shared/i18n/lang';
import { userShopsQuery } from '../../../shops/shops-auth/shops-auth.queries';
import { roleOptionsQuery, useCreateUser, useUpdateUser } from '../users.queries';

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

/** A user's name, contact, roles and shops; a new user also gets a login name and a password. */
export function UserForm({ user, onDone, onCancel, onReload }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const create = useCreateUser();
  const update = useUpdateUser();
  const roles = useQuery(roleOptionsQuery());
  const shops = useQuery(userShopsQuery());
  const { problem, clear, report, reload, reloading } = useEditFormProblem(form, onReload);

  const submit = async (v: Values) => {
    clear();
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
      report(err, { fields: FIELDS, conflict: user ? undefined : { field: 'loginName', text: t('register.loginNameTaken') } });
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
        <NewPasswordFields
          name="password"
          label={t('users.field.password')}
          sideBySide
          testId="user-password"
          confirmTestId="user-password-confirm"
        />
      )}
      <Form.Item name="roleIds" label={t('users.field.roles')} extra={t('users.rolesHint')}>
        <Select
          mode="multiple"
          allowClear
          loading={roles.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          options={(roles.data ?? []).map((r) => ({
            value: r.id,
            label: r.name,
            disabled: !r.assignable,
            title: r.assignable ? r.name : t('users.roleNotAssignable'),
          }))}
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
