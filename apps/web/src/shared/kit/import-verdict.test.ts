import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { previewVerdict } from './import-verdict';
import { importWizardTexts } from './import-wizard.locale';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const resources = {
    'en-US': { translation: importWizardTexts['en-US'] },
    'zh-CN': { translation: importWizardTexts['zh-CN'] },
  };
  await i18n.init({ resources, lng: 'en-US', fallbackLng: false, interpolation: { escapeValue: false } });
});
const en = () => i18n.getFixedT('en-US');
const zh = () => i18n.getFixedT('zh-CN');

const preview = {
  status: 'preview' as const,
  rowCount: 12,
  errorCount: 0,
  unknownHeader: null,
  errors: [] as { line: number; column?: string; message: string }[],
};
const unknown = {
  ...preview,
  status: 'held' as const,
  rowCount: 0,
  unknownHeader: { closestVariant: 'br-en-2023', missing: ['Units Ordered'], unexpected: ['Revenue'] },
  errors: [{ line: 1, message: 'The column set is unknown' }],
};

describe('previewVerdict', () => {
  it('is green only for a known file with rows and no errors', () => {
    expect(previewVerdict(preview, en())).toEqual({ level: 'success', text: 'Preview ready: check it, then commit' });
  });

  it('says a held file of unknown columns is not a known report, with the diff in the report’s own column names', () => {
    const v = previewVerdict(unknown, en());
    expect(v?.level).toBe('error');
    expect(v?.text).toMatch(
      /^The columns are not a known report: Missing columns: Units Ordered; Unrecognised columns: Revenue;/,
    );
    const z = previewVerdict(unknown, zh());
    expect(z?.level).toBe('error');
    expect(z?.text).toMatch(/^文件的列不是已知的报表格式：缺少的列：Units Ordered；无法识别的列：Revenue；/);
  });

  it('says why a held file of known columns cannot be written', () => {
    const held = {
      ...preview,
      status: 'held' as const,
      errors: [{ line: 1, message: 'the file’s money is in EUR, the shop sells in USD' }],
    };
    expect(previewVerdict(held, en())).toEqual({
      level: 'error',
      text: 'The file cannot be written: the file’s money is in EUR, the shop sells in USD. Held; you can discard this import.',
    });
  });

  it('warns about a file without a row to write, and about rows in error', () => {
    expect(previewVerdict({ ...preview, rowCount: 0 }, en())).toEqual({
      level: 'warning',
      text: 'The file has no data rows: there is nothing to write',
    });
    expect(previewVerdict({ ...preview, rowCount: 0, errorCount: 3 }, zh())?.level).toBe('warning');
    expect(previewVerdict({ ...preview, errorCount: 2 }, en())?.text).toMatch(/2 rows have errors and only 12 can be written/);
  });

  it('has no verdict once the import is committed or discarded', () => {
    expect(previewVerdict({ ...preview, status: 'committed' }, en())).toBeNull();
    expect(previewVerdict({ ...unknown, status: 'discarded' }, en())).toBeNull();
  });
});
