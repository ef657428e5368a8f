import { FileExcelOutlined } from '@ant-design/icons';
import { ppcBoards as ep } from '@bo/contract';
import { EXPORT_REPORTS, type ExportColumn } from '@bo/contract/ppc/boards';
import { Alert, Card, Checkbox, Flex, Radio, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/Can';
import { ExportButton } from '../../../shared/components/ExportButton';
import { Page } from '../../../shared/components/PageHead';
import { download } from '../../../shared/http/http-client';
import { todayLocal } from '../../../shared/period/period-presets';
import { useUrlFilters } from '../../../shared/url-filters';
import '../../sales/shared/sales.css';
import { columnsOf, EXPORT_URL, exportQuery, readExportView } from './boards-view';
import { PpcFilterBar } from './PpcFilterBar';

/**
 * /reportExport: one ad report over a period and shops with the chosen columns, streamed
 * by the server as xlsx or csv; a slow export shows the export dialog with its elapsed time.
 */
export default function ReportExportPage() {
  const { t } = useTranslation();
  const today = todayLocal();
  const [url, setUrl] = useUrlFilters(EXPORT_URL);
  const view = useMemo(() => readExportView(url, today), [url, today]);
  const available = columnsOf(view.report);
  const label = (c: ExportColumn) =>
    c === 'detail'
      ? t(`ppc.export.detail.${view.report as 'keyword' | 'target' | 'sku'}`)
      : c in { shop: 1, campaign: 1, adGroup: 1, campaignType: 1 }
        ? t(`ppc.export.column.${c as 'shop'}`)
        : t(`ppc.metric.${c as 'spend'}`);

  return (
    <Page testId="page-ppc-export" texts="ppc.export">
      <PpcFilterBar view={view} url={url} setUrl={setUrl} today={today} paged={false} />
      <Card size="small">
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Flex gap={12} align="center" wrap>
            <Typography.Text strong>{t('ppc.export.report')}</Typography.Text>
            <Select
              style={{ width: 200 }}
              value={view.report}
              onChange={(report: string) => setUrl({ report, column: [] })}
              options={EXPORT_REPORTS.map((r) => ({ value: r, label: t(`ppc.export.reports.${r}`) }))}
              data-testid="ppc-export-report"
            />
            <Typography.Text strong>{t('ppc.export.format')}</Typography.Text>
            <Radio.Group
              value={view.format}
              onChange={(e) => setUrl({ format: e.target.value as string })}
              options={[
                { value: 'xlsx', label: 'Excel (xlsx)' },
                { value: 'csv', label: 'CSV' },
              ]}
              data-testid="ppc-export-format"
            />
          </Flex>
          <div>
            <Typography.Text strong>{t('ppc.export.columns')}</Typography.Text>
            <Checkbox.Group
              style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 }}
              value={view.columns}
              onChange={(cols) =>
                setUrl({ column: cols.length === available.length ? [] : cols.length ? (cols as string[]) : ['none'] })
              }
              options={available.map((c) => ({ value: c, label: label(c) }))}
              data-testid="ppc-export-columns"
            />
          </div>
          {view.columns.length === 0 && <Alert type="warning" showIcon message={t('ppc.export.noColumns')} />}
          <Can permission="ppc:report:export" fallback={<Alert type="info" showIcon message={t('ppc.export.noPermission')} />}>
            <ExportButton
              label={t('ppc.export.download')}
              icon={<FileExcelOutlined />}
              testId="ppc-export-download"
              disabled={view.columns.length === 0}
              fetchFile={(options) => download(ep.reportExport, { query: exportQuery(view) }, options)}
            />
          </Can>
          <Typography.Text type="secondary">{t('ppc.export.note')}</Typography.Text>
        </Space>
      </Card>
    </Page>
  );
}
