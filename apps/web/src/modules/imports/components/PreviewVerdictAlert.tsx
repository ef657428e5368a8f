/** The verdict of a preview at the top of every import panel (see import-verdict.ts). */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { previewVerdict } from '../import-verdict';
import type { ImportPreview } from '../imports.queries';

export function PreviewVerdictAlert({ data }: { data: ImportPreview }) {
  const { t } = useTranslation();
  const verdict = previewVerdict(data, t);
  if (!verdict) return null;
  return <Alert type={verdict.level} showIcon message={verdict.text} data-testid="import-verdict" />;
}
