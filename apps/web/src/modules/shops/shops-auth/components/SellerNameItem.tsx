import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** A seller's display name, as registering and renaming ask for it: required, at most 60 characters. */
export function SellerNameItem({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="name"
      label={t('shops.field.name')}
      rules={[
        { required: true, whitespace: true, message: t('shops.rule.required') },
        { max: 60, message: t('shops.rule.nameLength') },
      ]}
      extra={t('shops.nameHint')}
    >
      <Input maxLength={60} data-testid={testId} />
    </Form.Item>
  );
}
