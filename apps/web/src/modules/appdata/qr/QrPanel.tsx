/**
 * A joint QR code drawn in the browser (the `qrcode` package) for its public address on this
 * origin, with PNG and SVG downloads, the link to copy, and the scans per day as a chart.
 */
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import type { QrCodeRecord } from '@bo/contract/appdata/qr-codes';
import { App, Button, Card, Drawer, Space, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { LiteChart } from '../../../shared/charts/lite/LiteChart';
import { QueryStates } from '../../../shared/components/QueryStates';
import { useTexts } from '../../../shared/i18n/lang';
import { useQrScans } from '../appdata.queries';

const QR_OPTIONS = { errorCorrectionLevel: 'M' as const, margin: 2, width: 480 };

function save(name: string, href: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function QrPanel({ qr, onClose }: { qr: QrCodeRecord | null; onClose: () => void }) {
  const { t } = useTexts();
  const { message } = App.useApp();
  const [svg, setSvg] = useState<string | null>(null);
  const url = qr ? `${window.location.origin}${qr.path}` : '';
  const scans = useQrScans(qr?.id ?? null);

  useEffect(() => {
    let live = true;
    setSvg(null);
    if (url) void QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' }).then((s) => live && setSvg(s));
    return () => {
      live = false;
    };
  }, [url]);

  const name = qr ? `qr-${qr.code}-${qr.partner}`.replace(/[^\w.-]+/g, '_') : 'qr';
  const days = scans.data?.days ?? [];
  return (
    <Drawer
      open={qr !== null}
      onClose={onClose}
      size={560}
      title={qr ? t('appData.qr.drawerTitle', { code: qr.code }) : ''}
      data-testid="qr-panel"
    >
      {qr && (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <div style={{ textAlign: 'center' }}>
            {svg ? (
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
                alt={url}
                width={240}
                height={240}
                data-testid="qr-image"
              />
            ) : (
              <div style={{ height: 240 }} />
            )}
            <Typography.Paragraph style={{ marginTop: 8 }}>
              <Typography.Text type="secondary">{t('appData.qr.link')}: </Typography.Text>
              <Typography.Text code data-testid="qr-url">
                {url}
              </Typography.Text>
            </Typography.Paragraph>
            <Space wrap>
              <Button
                icon={<DownloadOutlined />}
                disabled={!svg}
                onClick={() => void QRCode.toDataURL(url, QR_OPTIONS).then((png) => save(`${name}.png`, png))}
                data-testid="qr-download-png"
              >
                {t('appData.qr.downloadPng')}
              </Button>
              <Button
                icon={<DownloadOutlined />}
                disabled={!svg}
                onClick={() => {
                  if (!svg) return;
                  const href = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
                  save(`${name}.svg`, href);
                  setTimeout(() => URL.revokeObjectURL(href), 1000);
                }}
                data-testid="qr-download-svg"
              >
                {t('appData.qr.downloadSvg')}
              </Button>
              <Button
                icon={<CopyOutlined />}
                onClick={() => void navigator.clipboard?.writeText(url).then(() => message.success(t('appData.qr.copied'), 1))}
                data-testid="qr-copy"
              >
                {t('appData.qr.copy')}
              </Button>
            </Space>
          </div>
          <Card size="small" title={t('appData.qr.scansChart')}>
            <QueryStates pending={scans.isPending} error={scans.error} onRetry={() => void scans.refetch()} rows={4}>
              <LiteChart
                testId="qr-scans-chart"
                label={t('appData.qr.scansChart')}
                height={200}
                legend
                categories={days.map((d) => d.day.slice(5))}
                series={[
                  { type: 'bar', name: t('appData.qr.column.scans'), color: '#2459d6', values: days.map((d) => d.scans) },
                  { type: 'line', name: t('appData.qr.column.uniques'), color: '#f59e0b', values: days.map((d) => d.uniques) },
                ]}
                tooltip={(i) =>
                  `${days[i]?.day} · ${t('appData.qr.column.scans')} ${days[i]?.scans ?? 0} · ${t('appData.qr.column.uniques')} ${days[i]?.uniques ?? 0}`
                }
                hasData={days.some((d) => d.scans > 0)}
              />
            </QueryStates>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
              {t('appData.qr.uniquesNote')}
            </Typography.Paragraph>
          </Card>
        </Space>
      )}
    </Drawer>
  );
}
