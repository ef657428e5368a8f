import { ERROR_CODES } from '@bo/contract';
import type { ShopAuth } from '@bo/contract/shops/shops';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useNotify } from '../../../../shared/components/use-notify';
import { FormProblemAlerts } from '../../../../shared/forms/FormProblemAlerts';
import { applyFieldErrors } from '../../../../shared/forms/form-rules';
import { isApiError } from '../../../../shared/http/api-error';
import { errorText } from '../../../../shared/http/error-text';
import { useTexts } from '../../../../shared/i18n/lang';
import { useRenameSeller } from '../shops-auth.queries';
import { SellerNameItem } from './SellerNameItem';

interface Props {
  /** The seller as the list has it now: after a reload, with its new version. */
  seller: ShopAuth | null;
  onClose: () => void;
  /** Reloads the sellers list (after a stale rename); answers the seller as it is now. */
  onReload: () => Promise<ShopAuth | null>;
}

type Problem = { kind: 'stale' } | { kind: 'error'; text: string } | null;

/** Renames a seller's shops ("Name US", "Name DE", ...); sends the version the name was read at. */
export function SellerRenameModal({ seller, onClose, onReload }: Props) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenameSeller();
  const [problem, setProblem] = useState<Problem>(null);
  const [reloading, setReloading] = useState(false);

  const close = () => {
    setProblem(null);
    onClose();
  };

  const submit = async ({ name }: { name: string }) => {
    if (!seller) return;
    setProblem(null);
    try {
      await rename.mutateAsync({ sellerId: seller.sellerId, name, version: seller.version });
      notify.success(t('shops.renamed', { name }));
      close();
    } catch (err) {
      if (isApiError(err) && err.code === ERROR_CODES.STALE_VERSION) setProblem({ kind: 'stale' });
      else if (!applyFieldErrors(form, err, lang, ['name'])) setProblem({ kind: 'error', text: errorText(err, lang) });
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await onReload();
      if (fresh) {
        form.setFieldsValue({ name: fresh.name });
        setProblem(null);
      } else {
        notify.error(t('shops.gone'));
        close();
      }
    } finally {
      setReloading(false);
    }
  };

  return (
    <Modal
      open={seller !== null}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('common.save')}
      confirmLoading={rename.isPending}
      title={t('shops.renameTitle', { sellerId: seller?.sellerId ?? '' })}
      destroyOnHidden
    >
      <FormProblemAlerts
        problem={problem}
        stale={{ title: t('shops.stale.title'), text: t('shops.stale.text') }}
        reload={{ onClick: () => void reload(), loading: reloading }}
      />
      <Form<{ name: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        preserve={false}
        initialValues={{ name: seller?.name ?? '' }}
      >
        <SellerNameItem testId="seller-rename-name" />
      </Form>
    </Modal>
  );
}
