import type { ProductLink } from '@bo/contract/catalog/links';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../../shared/components/use-notify';
import { errorText } from '../../../../shared/http/error-text';
import { useLang } from '../../../../shared/i18n/lang';
import { fetchLink } from '../links.queries';
import { LinkForm } from './LinkForm';

export type LinkEditor = { mode: 'create' } | { mode: 'edit'; link: ProductLink };

interface Props {
  editor: LinkEditor | null;
  onClose: () => void;
  onReloaded: (link: ProductLink) => void;
}

export function LinkDrawer({ editor, onClose, onReloaded }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const notify = useNotify();
  const link = editor?.mode === 'edit' ? editor.link : null;

  const reload = async () => {
    if (!link) return;
    try {
      const fresh = await fetchLink(link.id, link.asin);
      if (fresh) onReloaded(fresh);
      else {
        notify.error(t('catalog.links.gone'));
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
      size={560}
      destroyOnHidden
      title={link ? t('catalog.links.editTitle', { asin: link.asin }) : t('catalog.links.createTitle')}
    >
      {editor && (
        <LinkForm
          key={`${link?.id ?? 'new'}:${link?.version ?? 0}`}
          link={link}
          onDone={onClose}
          onCancel={onClose}
          onReload={reload}
        />
      )}
    </Drawer>
  );
}
