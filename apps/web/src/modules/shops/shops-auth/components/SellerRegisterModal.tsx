import { MARKETS, STATUS } from '@bo/contract';
import { SELLER_ID_PATTERN } from '@bo/contract/shops/shops';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../../shared/components/use-notify';
import { applyFieldErrors } from '../../../../shared/forms/form-rules';
import { isApiError } from '../../../../shared/http/api-error';
import { errorText } from '../../../../shared/http/error-text';
import { useTexts } from '../../../../shared/i18n/lang';
import { marketLabel } from '../../../../shared/markets/markets';
import { useRegisterSeller } from '../shops-auth.queries';
import { SellerNameItem } from './SellerNameItem';

interface Values {
  sellerId: string;
  name: string;
  marketIds: number[];
}

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Registers a seller id on marketplaces: recorded as not authorised until an operator confirms it. */
export function SellerRegisterModal({ open, onClose }: Props) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const register = useRegisterSeller();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const submit = async (v: Values) => {
    setError(null);
    try {
      await register.mutateAsync({ sellerId: v.sellerId, name: v.name, marketIds: v.marketIds });
      notify.success(t('shops.registered', { sellerId: v.sellerId.toUpperCase() }));
      close();
    } catch (err) {
      if (isApiError(err) && err.status === STATUS.CONFLICT) setError(t('shops.registerConflict', { detail: err.message }));
      else if (!applyFieldErrors(form, err, lang, ['sellerId', 'name', 'marketIds'])) setError(errorText(err, lang));
    }
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('shops.register')}
      confirmLoading={register.isPending}
      title={t('shops.registerTitle')}
      destroyOnHidden
    >
      <Alert type="info" showIcon className="bo-form-alert" title={t('shops.registerNote')} />
      {error && <Alert type="error" showIcon className="bo-form-alert" title={error} />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit} preserve={false}>
        <Form.Item
          name="sellerId"
          label={t('shops.field.sellerId')}
          normalize={(v: string) => v.toUpperCase().trim()}
          rules={[
            { required: true, message: t('shops.rule.required') },
            { pattern: SELLER_ID_PATTERN, message: t('shops.rule.sellerId') },
          ]}
          extra={t('shops.sellerIdHint')}
        >
          <Input maxLength={20} placeholder="A1B2C3D4E5F6G7" data-testid="seller-id" />
        </Form.Item>
        <SellerNameItem testId="seller-name" />
        <Form.Item
          name="marketIds"
          label={t('shops.field.markets')}
          rules={[{ required: true, type: 'array', min: 1, message: t('shops.rule.markets') }]}
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            options={MARKETS.map((m) => ({ value: m.id, label: marketLabel(m, lang) }))}
            data-testid="seller-markets"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
