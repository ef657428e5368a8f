/**
 * /user-platform/jointQrCode: co-branded QR codes for partner campaigns (docs/app-data.md "Joint QR
 * codes"): the list with status and scans, the add/edit drawer (the short code is the server's and
 * never changes), the QR drawn with PNG/SVG downloads and the scans per day, history, delete (a
 * code never scanned only: the server refuses the others).
 */
import { QrcodeOutlined } from '@ant-design/icons';
import { QR_PAGE } from '@bo/contract/appdata/actions';
import { QR_STATUSES, type QrCodeRecord, type QrStatus, qrCodes } from '@bo/contract/appdata/qr-codes';
import { Button, DatePicker, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNotify } from '../../../shared/components/use-notify';
import { formatDateTime } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { AddButton } from '../../../shared/kit/AddButton';
import { EditDrawer, type Editor } from '../../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../../shared/kit/ListPage';
import { RowActions } from '../../../shared/kit/RowActions';
import { useKitList } from '../../../shared/kit/use-list-query';
import { actionsColumn } from '../../../shared/table/FitTable';
import { appDataKeys, useDeleteQr, useSaveQr } from '../appdata.queries';
import { SpecNote } from '../SpecNote';
import { QrPanel } from './QrPanel';

interface Values {
  partner: string;
  campaign: string;
  target: string;
  window: [Dayjs | null, Dayjs | null] | null;
  note: string;
}

const STATUS_COLOR: Record<QrStatus, string> = { upcoming: 'blue', active: 'green', ended: 'default' };
const ep = qrCodes.list;

export default function JointQrCodesPage() {
  const { t } = useTexts();
  const notify = useNotify();
  const list = useKitList(ep, appDataKeys.qr);
  const save = useSaveQr();
  const del = useDeleteQr();
  const [editor, setEditor] = useState<Editor<QrCodeRecord> | null>(null);
  const [historyOf, setHistoryOf] = useState<QrCodeRecord | null>(null);
  const [shown, setShown] = useState<QrCodeRecord | null>(null);

  const columns: KitColumn<QrCodeRecord>[] = [
    {
      key: 'code',
      priority: 'key',
      width: 130,
      title: t('appData.qr.column.code'),
      render: (_, q) => (
        <Button type="link" size="small" icon={<QrcodeOutlined />} onClick={() => setShown(q)} data-testid={`qr-show-${q.id}`}>
          {q.code}
        </Button>
      ),
    },
    {
      key: 'partner',
      priority: 'key',
      width: 140,
      ellipsis: true,
      title: t('appData.qr.column.partner'),
      render: (_, q) => q.partner,
    },
    {
      key: 'campaign',
      priority: 'key',
      width: 180,
      ellipsis: true,
      title: t('appData.qr.column.campaign'),
      render: (_, q) => q.campaign,
    },
    {
      key: 'target',
      priority: 'normal',
      width: 220,
      ellipsis: true,
      title: t('appData.qr.column.target'),
      render: (_, q) => <Typography.Text copyable={{ text: q.target }}>{q.target}</Typography.Text>,
    },
    {
      key: 'startsAt',
      sortable: true,
      priority: 'normal',
      width: 280,
      title: t('appData.qr.column.window'),
      render: (_, q) => `${formatDateTime(q.startsAt)} – ${formatDateTime(q.endsAt)}`,
    },
    {
      key: 'status',
      priority: 'key',
      width: 90,
      title: t('appData.qr.column.status'),
      render: (_, q) => <Tag color={STATUS_COLOR[q.status]}>{t(`appData.qr.status.${q.status}`)}</Tag>,
    },
    {
      key: 'scans',
      sortable: true,
      priority: 'key',
      width: 90,
      align: 'right',
      title: t('appData.qr.column.scans'),
      render: (_, q) => q.scans.toLocaleString(),
    },
    {
      key: 'uniques',
      priority: 'detail',
      width: 110,
      align: 'right',
      title: t('appData.qr.column.uniques'),
      render: (_, q) => q.uniques.toLocaleString(),
    },
    actionsColumn(t, 180, (_, q) => (
      <RowActions
        prefix="qr"
        id={q.id}
        edit={{ permission: `${QR_PAGE}:edit`, onClick: () => setEditor({ mode: 'edit', record: q }) }}
        onHistory={() => setHistoryOf(q)}
        remove={
          q.scans > 0
            ? undefined
            : {
                permission: `${QR_PAGE}:delete`,
                title: t('appData.qr.confirmDelete', { code: q.code }),
                onConfirm: () => void notify.run(() => del.mutateAsync(q.id), t('appData.qr.deleted', { code: q.code })),
              }
        }
      />
    )),
  ];

  return (
    <>
      <SpecNote which="qr" />
      <ListPage
        testId="page-joint-qr"
        texts="appData.qr"
        list={list}
        filters={[
          { kind: 'text', key: 'keyword', placeholder: t('appData.qr.search'), maxLength: 100, testId: 'qr-search' },
          {
            kind: 'select',
            key: 'status',
            placeholder: t('appData.qr.allStatuses'),
            width: 130,
            options: QR_STATUSES.map((s) => ({ value: s, label: t(`appData.qr.status.${s}`) })),
          },
        ]}
        toolbar={
          <AddButton permission={`${QR_PAGE}:create`} onClick={() => setEditor({ mode: 'create' })} testId="qr-create">
            {t('appData.qr.create')}
          </AddButton>
        }
        columns={columns}
        tableId="appdata.qr"
        rowKey="id"
        tableTestId="qr-table"
        emptyText={t('appData.qr.empty')}
      />
      <EditDrawer<QrCodeRecord, Values, QrCodeRecord>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) => (e.mode === 'edit' ? t('appData.qr.editTitle') : t('appData.qr.createTitle'))}
        schema={qrCodes.create.body}
        fields={[
          { name: 'partner', label: t('appData.qr.column.partner'), testId: 'qr-partner' },
          { name: 'campaign', label: t('appData.qr.column.campaign'), testId: 'qr-campaign' },
          { name: 'target', label: t('appData.qr.column.target'), extra: t('appData.qr.targetHint'), testId: 'qr-target' },
          {
            name: 'window',
            label: t('appData.qr.column.window'),
            rules: [
              {
                validator: (_, v: Values['window']) =>
                  v?.[0] && v[1] ? Promise.resolve() : Promise.reject(new Error(t('appData.qr.column.window'))),
              },
            ],
            input: (
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                placeholder={[t('appData.qr.column.startsAt'), t('appData.qr.column.endsAt')]}
                data-testid="qr-window"
              />
            ),
          },
          { name: 'note', input: 'textarea', label: t('appData.qr.column.note'), testId: 'qr-note' },
        ]}
        initialValues={(e) =>
          e.record
            ? { ...e.record, window: [dayjs(e.record.startsAt), dayjs(e.record.endsAt)] }
            : {
                partner: '',
                campaign: '',
                target: 'https://',
                window: [dayjs().startOf('hour'), dayjs().add(30, 'day').startOf('hour')],
                note: '',
              }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            version: e.mode === 'edit' ? e.record.version : undefined,
            body: {
              partner: v.partner,
              campaign: v.campaign,
              target: v.target,
              startsAt: v.window?.[0]?.toISOString() ?? '',
              endsAt: v.window?.[1]?.toISOString() ?? '',
              note: v.note ?? '',
            },
          })
        }
        savedText={(q) => t('appData.qr.saved', { code: q.code })}
        testId="qr-form"
        saveTestId="qr-save"
      />
      <QrPanel qr={shown} onClose={() => setShown(null)} />
      <HistoryDrawer
        entity="app_data_qr_code"
        entityId={historyOf?.id ?? null}
        name={historyOf?.code ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          code: t('appData.qr.column.code'),
          partner: t('appData.qr.column.partner'),
          campaign: t('appData.qr.column.campaign'),
          target: t('appData.qr.column.target'),
          startsAt: t('appData.qr.column.startsAt'),
          endsAt: t('appData.qr.column.endsAt'),
          note: t('appData.qr.column.note'),
        }}
      />
    </>
  );
}
