import { ERROR_CODES, catalogProducts as ep } from '@bo/contract';
import type { ProductSku } from '@bo/contract/catalog/products';
import { Form, Input, Modal } from 'antd';
import { useNotify } from '../../../../shared/components/use-notify';
import { useEditFormProblem } from '../../../../shared/forms/edit-form-problem';
import { FormProblemAlerts } from '../../../../shared/forms/FormProblemAlerts';
import { zodRule } from '../../../../shared/forms/form-rules';
import { isApiError } from '../../../../shared/http/api-error';
import { useTexts } from '../../../../shared/i18n/lang';
import { useCreateSku, useUpdateSku } from '../products.queries';

export type SkuEditor = { mode: 'create' } | { mode: 'edit'; sku: ProductSku };

interface Props {
  productId: number;
  model: string;
  editor: SkuEditor | null;
  onClose: () => void;
}

const shape = ep.createSku.body.shape;

/** Adds a SKU to a product, or changes a SKU's variant (the SKU code itself is fixed: sales refer to it). */
export function SkuModal({ productId, model, editor, onClose }: Props) {
  const { t, lang } = useTexts();
  const notify = useNotify();
  const [form] = Form.useForm<{ sku: string; variant: string }>();
  const create = useCreateSku(productId);
  const update = useUpdateSku(productId);
  const { problem, clear, report } = useEditFormProblem(form, async () => onClose());
  const editing = editor?.mode === 'edit' ? editor.sku : null;

  const submit = async (v: { sku: string; variant: string }) => {
    clear();
    try {
      if (editing) {
        const saved = await update.mutateAsync({ skuId: editing.id, variant: v.variant ?? '', version: editing.version });
        notify.success(t('catalog.details.skuSaved', { sku: saved.sku }));
      } else {
        const saved = await create.mutateAsync({ sku: v.sku, variant: v.variant ?? '' });
        notify.success(t('catalog.details.skuAdded', { sku: saved.sku }));
      }
      onClose();
    } catch (err) {
      // The details are refetched after every SKU write: a stale edit closes on the fresh SKU.
      if (isApiError(err) && err.code === ERROR_CODES.STALE_VERSION) {
        notify.error(t('catalog.details.skuStale'));
        onClose();
        return;
      }
      report(err, {
        fields: ['sku', 'variant'],
        conflict: editing ? undefined : { field: 'sku', text: t('catalog.products.skuTaken') },
      });
    }
  };

  return (
    <Modal
      open={editor !== null}
      title={editing ? t('catalog.details.editSkuTitle', { sku: editing.sku }) : t('catalog.details.addSkuTitle', { model })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'sku-save' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ sku: editing?.sku ?? '', variant: editing?.variant ?? '' }}
        preserve={false}
      >
        <FormProblemAlerts problem={problem} />
        <Form.Item name="sku" label={t('catalog.products.field.sku')} rules={editing ? [] : [zodRule(shape.sku, lang)]}>
          <Input maxLength={40} disabled={Boolean(editing)} autoComplete="off" data-testid="sku-code" />
        </Form.Item>
        <Form.Item name="variant" label={t('catalog.products.field.variant')}>
          <Input maxLength={100} placeholder={t('catalog.optional')} data-testid="sku-variant" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
