import { session as ep, type Lang } from '@bo/contract';
import type { CurrentUser } from '@bo/contract/access/session';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useNotify } from '../../../../shared/components/use-notify';
import { applyFieldErrors, zodRule } from '../../../../shared/forms/form-rules';
import { isApiError, noticeFor } from '../../../../shared/http/api-error';
import { switchLang, useTexts } from '../../../../shared/i18n/lang';
import { useUpdateProfile } from '../profile.queries';

interface Values {
  userName: string;
  email: string;
  zoneId: string;
  language: Lang | 'auto';
}

const FIELDS = ['userName', 'email', 'zoneId', 'language'] as const;
const shape = ep.updateOwnProfile.body.shape;

function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

/** Edits display name, e-mail, time zone and language (PUT user/rest/v1/users/profile). */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const zones = useMemo(() => timeZones(user.zoneId).map((z) => ({ value: z, label: z })), [user.zoneId]);

  const submit = async (values: Values) => {
    setError(null);
    const language = values.language === 'auto' ? null : values.language;
    const email = values.email.trim();
    try {
      await update.mutateAsync({ userName: values.userName, email: email ? email : null, zoneId: values.zoneId, language });
      if (language && language !== lang) await switchLang(language);
      notify.success(t('profile.saved'));
    } catch (err) {
      if (!applyFieldErrors(form, err, lang, FIELDS)) {
        setError(isApiError(err) ? (noticeFor(err.status, err.message, lang)?.text ?? err.message) : String(err));
      }
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      initialValues={{ userName: user.userName, email: user.email ?? '', zoneId: user.zoneId, language: user.language ?? 'auto' }}
      data-testid="profile-form"
    >
      {error && <Alert type="error" showIcon title={error} className="bo-form-alert" />}
      <Form.Item name="userName" label={t('profile.field.userName')} rules={[zodRule(shape.userName, lang)]}>
        <Input maxLength={64} data-testid="profile-user-name" />
      </Form.Item>
      <Form.Item name="email" label={t('profile.field.email')} rules={[zodRule(shape.email, lang, { optional: true })]}>
        <Input type="email" maxLength={254} placeholder={t('profile.emailPlaceholder')} />
      </Form.Item>
      <Form.Item name="zoneId" label={t('profile.field.zoneId')} rules={[zodRule(shape.zoneId, lang)]}>
        <Select showSearch options={zones} virtual />
      </Form.Item>
      <Form.Item name="language" label={t('profile.field.language')}>
        <Select
          options={[
            { value: 'auto', label: t('profile.language.auto') },
            { value: 'zh-CN', label: t('profile.language.zh-CN') },
            { value: 'en-US', label: t('profile.language.en-US') },
          ]}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-save">
        {t('common.save')}
      </Button>
    </Form>
  );
}
