import type { ModelInfoRow } from '@bo/contract/catalog/model-info';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../shared/components/use-notify';
import { errorText } from '../../../../shared/http/error-text';
import { useLang } from '../../../../shared/i18n/lang';
import { fetchModelInfo } from '../model-info.queries';
import { ModelInfoForm } from './ModelInfoForm';

/** null row: pick a product; a row without info: create for it; with info: edit. */
export type ModelInfoEditor = { row: ModelInfoRow | null };

interface Props {
  editor: ModelInfoEditor | null;
  onClose: () => void;
  onReloaded: (row: ModelInfoRow) => void;
}

export function ModelInfoDrawer({ editor, onClose, onReloaded }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const row = editor?.row ?? null;

  const reload = async () => {
    if (!row) return;
    try {
      const fresh = await fetchModelInfo(row.productId, row.model);
      if (fresh?.info) onReloaded(fresh);
      else {
        notify.error(t('catalog.modelInfo.gone'));
        onClose();
      }
    } catch (err) {
      notify.error(errorText(err, lang));
    }
  };

  return (
    <Drawer
      open={editor !== null}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={row?.info ? t('catalog.modelInfo.editTitle', { model: row.model }) : t('catalog.modelInfo.createTitle')}
    >
      {editor && (
        <ModelInfoForm
          key={`${row?.productId ?? 'new'}:${row?.info?.version ?? 0}`}
          row={row}
          onDone={onClose}
          onCancel={onClose}
          onReload={reload}
        />
      )}
    </Drawer>
  );
}
