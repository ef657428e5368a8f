import { session } from '@bo/contract';
import { Col, Form, Input, Row } from 'antd';
import { useTexts } from '../i18n/lang';
import { sameAsRule, zodRule } from './form-rules';

interface Props {
  /** The form field of the new password; its confirmation is the field `confirm`. */
  name: string;
  label: string;
  /** Side by side on wide screens instead of one under the other. */
  sideBySide?: boolean;
  testId?: string;
  confirmTestId?: string;
}

/** A new password with the contract's rules, and its confirmation: one pair for every form that sets one. */
export function NewPasswordFields({ name, label, sideBySide = false, testId, confirmTestId }: Props) {
  const { t, lang } = useTexts();
  const password = (
    <Form.Item name={name} label={label} rules={[zodRule(session.passwordSchema, lang)]} extra={t('password.rules')}>
      <Input.Password autoComplete="new-password" maxLength={128} data-testid={testId} />
    </Form.Item>
  );
  const confirm = (
    <Form.Item
      name="confirm"
      label={t('password.confirm')}
      dependencies={[name]}
      rules={[{ required: true, message: t('password.confirmRequired') }, sameAsRule(name, t('password.mismatch'))]}
    >
      <Input.Password autoComplete="new-password" maxLength={128} data-testid={confirmTestId} />
    </Form.Item>
  );
  if (!sideBySide) {
    return (
      <>
        {password}
        {confirm}
      </>
    );
  }
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        {password}
      </Col>
      <Col xs={24} sm={12}>
        {confirm}
      </Col>
    </Row>
  );
}
