import { mailSettings as ep } from '@bo/contract';
import type { MailSettings } from '@bo/contract/access/mail-settings';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Row, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { ScreenHead } from '../../../shared/components/PageHead';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useNotify } from '../../../shared/components/use-notify';
import { applyFieldErrors, zodRule } from '../../../shared/forms/form-rules';
import { isApiError } from '../../../shared/http/api-error';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { mailSettingsQuery, useSaveMailSettings } from './mail-settings.queries';

type Values = Omit<MailSettings, 'version' | 'notificationEmail'> & { notificationEmail: string };
const FIELDS = ['senderName', 'signature', 'autoSignature', 'notifyOnAssignment', 'dailyDigest', 'notificationEmail'] as const;
const shape = ep.updateMailSettings.body.shape;

/** /user/email: the sender name, signature and notifications of the signed-in user. */
export default function MailSettingsPage() {
  const { t } = useTranslation();
  const query = useQuery(mailSettingsQuery());
  return (
    <div className="bo-page" data-testid="page-mail-settings">
      <ScreenHead title={t('mailSettings.title')} subtitle={t('mailSettings.subtitle')} />
      <QueryStates pending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
        {query.data && <MailSettingsForm key={query.data.version} settings={query.data} onReload={() => void query.refetch()} />}
      </QueryStates>
    </div>
  );
}

function MailSettingsForm({ settings, onReload }: { settings: MailSettings; onReload: () => void }) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const save = useSaveMailSettings();
  const [error, setError] = useState<{ text: string; stale: boolean } | null>(null);
  const signature = Form.useWatch('signature', form) ?? settings.signature;
  const senderName = Form.useWatch('senderName', form) ?? settings.senderName;

  const submit = async (v: Values) => {
    setError(null);
    const email = v.notificationEmail.trim();
    try {
      await save.mutateAsync({ ...v, notificationEmail: email ? email : null, version: settings.version });
      notify.success(t('mailSettings.saved'));
    } catch (err) {
      if (isApiError(err) && err.status === 409) setError({ text: t('mailSettings.stale'), stale: true });
      else if (!applyFieldErrors(form, err, lang, FIELDS)) setError({ text: errorText(err, lang), stale: false });
    }
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card>
          <Form<Values>
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={submit}
            initialValues={{ ...settings, notificationEmail: settings.notificationEmail ?? '' }}
            data-testid="mail-settings-form"
          >
            {error && (
              <Alert
                type={error.stale ? 'warning' : 'error'}
                showIcon
                title={error.text}
                className="bo-form-alert"
                action={
                  error.stale ? (
                    <Button size="small" onClick={onReload}>
                      {t('mailSettings.reload')}
                    </Button>
                  ) : undefined
                }
              />
            )}
            <Form.Item
              name="senderName"
              label={t('mailSettings.senderName')}
              extra={t('mailSettings.senderNameHelp')}
              rules={[zodRule(shape.senderName, lang)]}
            >
              <Input maxLength={64} data-testid="mail-sender-name" />
            </Form.Item>
            <Form.Item
              name="signature"
              label={t('mailSettings.signature')}
              rules={[zodRule(shape.signature, lang, { optional: true })]}
            >
              <Input.TextArea rows={6} maxLength={2000} showCount data-testid="mail-signature" />
            </Form.Item>
            <Form.Item name="autoSignature" label={t('mailSettings.autoSignature')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="notifyOnAssignment" label={t('mailSettings.notifyOnAssignment')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item
              name="dailyDigest"
              label={t('mailSettings.dailyDigest')}
              extra={t('mailSettings.dailyDigestHelp')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
            <Form.Item
              name="notificationEmail"
              label={t('mailSettings.notificationEmail')}
              extra={t('mailSettings.notificationEmailHelp')}
              rules={[zodRule(shape.notificationEmail, lang, { optional: true })]}
            >
              <Input type="email" maxLength={254} />
            </Form.Item>
            <Can permission="user:email:edit">
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="mail-settings-save">
                {t('common.save')}
              </Button>
            </Can>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t('mailSettings.preview')}>
          <Typography.Paragraph type="secondary">
            {t('mailSettings.previewFrom', { name: senderName || '—' })}
          </Typography.Paragraph>
          <Typography.Paragraph>{t('mailSettings.previewBody')}</Typography.Paragraph>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="mail-signature-preview">
            {signature || t('mailSettings.noSignature')}
          </Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}
