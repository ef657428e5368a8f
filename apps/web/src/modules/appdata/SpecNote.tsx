import { Alert } from 'antd';
import { useTexts } from '../../shared/i18n/lang';

/** The note on each screen of this area: the spec names the screen and nothing more; what it is taken to mean. */
export function SpecNote({ which }: { which: 'actions' | 'square' | 'qr' }) {
  const { t } = useTexts();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title={t('appData.specNote.title')}
      description={t(`appData.specNote.${which}`)}
      data-testid={`appdata-spec-note-${which}`}
    />
  );
}
