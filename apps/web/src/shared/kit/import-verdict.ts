/**
 * What an upload's preview means, said once for every import kind: ready to commit (green)
 * only when the file is a known report with rows to write and no errors. A held file (unknown
 * columns, another currency or marketplace), a file without a row to write, or one with rows
 * in error is never shown as ready.
 */
import type { TFunction } from 'i18next';
import type { ImportPreview } from './import-wizard';

interface PreviewVerdict {
  level: 'success' | 'warning' | 'error';
  text: string;
}

type Diff = NonNullable<ImportPreview['unknownHeader']>;

/** The header difference as the report writes its columns: missing, not recognised, the closest format. */
function headerDiffText(diff: Diff, t: TFunction): string {
  const parts: string[] = [];
  if (diff.missing.length > 0) parts.push(t('importWizard.missing', { list: diff.missing.join(', ') }));
  if (diff.unexpected.length > 0) parts.push(t('importWizard.unexpected', { list: diff.unexpected.join(', ') }));
  parts.push(t('importWizard.closest', { variant: diff.closestVariant }));
  return parts.join(t('importWizard.verdict.separator'));
}

/** Null once the import is committed, discarded or reverted: the verdict is about a preview. */
export function previewVerdict(
  p: Pick<ImportPreview, 'status' | 'rowCount' | 'errorCount' | 'unknownHeader' | 'errors'>,
  t: TFunction,
): PreviewVerdict | null {
  if (p.status !== 'preview' && p.status !== 'held') return null;
  if (p.unknownHeader) {
    return { level: 'error', text: t('importWizard.verdict.unknownHeader', { diff: headerDiffText(p.unknownHeader, t) }) };
  }
  if (p.status === 'held') {
    // The file-wide problem (currency, marketplace, unreadable file) is the first error without a column.
    const reason = p.errors.find((e) => e.line <= 1 && !e.column)?.message ?? p.errors[0]?.message;
    return { level: 'error', text: reason ? t('importWizard.verdict.held', { reason }) : t('importWizard.heldOther') };
  }
  if (p.rowCount === 0) {
    return {
      level: 'warning',
      text: p.errorCount > 0 ? t('importWizard.verdict.allErrors', { count: p.errorCount }) : t('importWizard.verdict.empty'),
    };
  }
  if (p.errorCount > 0)
    return { level: 'warning', text: t('importWizard.verdict.errors', { rows: p.rowCount, count: p.errorCount }) };
  return { level: 'success', text: t('importWizard.verdict.ready') };
}
