/**
 * The wizard's upload: what the kind needs besides the file (the kind itself when there are
 * several, the shop of a shop kind, the dates the file covers), then the template, the file
 * (refused at once when larger than the contract's MAX_IMPORT_BYTES), the upload with its
 * progress and a cancel, and the server's refusal in plain words.
 */
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { imports as ep } from '@bo/contract';
import { Alert, Button, DatePicker, Form, Progress, Select, Space, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../components/use-notify';
import type { ApiError } from '../http/api-error';
import { saveBlob } from '../http/content-disposition';
import { download, uploadForm } from '../http/http-client';
import { previewVerdict } from './import-verdict';
import {
  type ImportKind,
  type ImportKindSpec,
  type ImportPreview,
  oversize,
  type UploadChoice,
  uploadBody,
} from './import-wizard';

export interface ChoiceValues {
  kind: ImportKind;
  shopId?: number;
  period?: [Dayjs, Dayjs];
}

/** The shops a shop kind may be imported for. */
export interface ShopChoice {
  options: readonly { value: number; label: string }[];
  loading?: boolean;
}

/** The form items of the upload's choices; nothing when the wizard's one kind needs none. */
export function ChoiceFields({
  kinds,
  spec,
  shops,
  testIdPrefix: p,
  inline,
}: {
  kinds: readonly ImportKindSpec[];
  spec: ImportKindSpec;
  shops?: ShopChoice;
  testIdPrefix: string;
  inline: boolean;
}) {
  const { t } = useTranslation();
  const items = (
    <>
      <Form.Item name="kind" label={t('importWizard.kind')} rules={[{ required: true }]} hidden={kinds.length < 2}>
        <Select
          style={{ width: 300 }}
          options={kinds.map((k) => ({ value: k.kind, label: k.label }))}
          data-testid={`${p}-kind`}
        />
      </Form.Item>
      {ep.isShopKind(spec.kind) && (
        <Form.Item
          name="shopId"
          label={t('importWizard.shop')}
          rules={[{ required: true, message: t('importWizard.chooseShop') }]}
        >
          <Select
            style={{ width: 260 }}
            showSearch
            optionFilterProp="label"
            loading={shops?.loading}
            options={shops?.options as { value: number; label: string }[] | undefined}
            data-testid={`${p}-shop`}
          />
        </Form.Item>
      )}
      {spec.period && (
        <Form.Item
          name="period"
          label={t('importWizard.period')}
          extra={spec.period.hint}
          rules={[{ required: spec.period.required, message: t('importWizard.periodRequired') }]}
        >
          <DatePicker.RangePicker />
        </Form.Item>
      )}
    </>
  );
  return inline ? (
    items
  ) : (
    <Space wrap align="start" size={16}>
      {items}
    </Space>
  );
}

/** The choices as the upload sends them. */
export const choiceOf = (v: ChoiceValues): UploadChoice => ({
  kind: v.kind,
  shopId: v.shopId,
  period: v.period ? [v.period[0].format('YYYY-MM-DD'), v.period[1].format('YYYY-MM-DD')] : undefined,
});

/** Template, howto, file, upload with progress; answers the preview to `onUploaded`. */
export function FilePicker({
  spec,
  choose,
  testIdPrefix: p,
  onUploaded,
}: {
  spec: ImportKindSpec;
  /** The choices made, or null while one is missing (the form then says which). */
  choose: () => Promise<UploadChoice | null>;
  testIdPrefix: string;
  onUploaded: (preview: ImportPreview) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const submit = async () => {
    const choice = await choose();
    if (!choice) return;
    if (!file) {
      setError(t('importWizard.chooseFile'));
      return;
    }
    setError(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      const preview = await uploadForm(ep.uploadImport, uploadBody(choice, file), {
        silent: true,
        signal: abort.current.signal,
        onProgress: (sent, total) => setProgress(total > 0 ? Math.round((sent / total) * 100) : 0),
      });
      // Green only for a file ready to commit; a held, empty or erroneous one says what is wrong.
      const verdict = previewVerdict(preview, t);
      if (verdict) notify[verdict.level](verdict.text);
      setFile(null);
      onUploaded(preview);
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setError((err as ApiError).message);
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  const saveTemplate = async (template: NonNullable<ImportKindSpec['template']>) => {
    const { blob, filename } = await download(template);
    saveBlob(blob, filename);
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {spec.howto && <Alert type="info" showIcon title={spec.howto} />}
      {spec.template && (
        <Button
          icon={<DownloadOutlined />}
          onClick={() => spec.template && void saveTemplate(spec.template)}
          data-testid={`${p}-template`}
        >
          {t('importWizard.template')}
        </Button>
      )}
      <Upload.Dragger
        accept={spec.accept}
        maxCount={1}
        beforeUpload={(f) => {
          // The contract's limit, before a byte is sent: the server would refuse it only after the whole upload.
          const big = oversize(f);
          setFile(big ? null : f);
          setError(big ? t('importWizard.tooLarge', big) : null);
          return false;
        }}
        onRemove={() => setFile(null)}
        fileList={file ? [{ uid: 'file', name: file.name, size: file.size, status: 'done' }] : []}
        data-testid={`${p}-file`}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('importWizard.drop')}</p>
        <p className="ant-upload-hint">{spec.dropHint}</p>
      </Upload.Dragger>
      {progress !== null && <Progress percent={progress} status="active" data-testid={`${p}-progress`} />}
      {error && <Alert type="error" showIcon title={error} data-testid={`${p}-error`} />}
      <Space>
        <Button type="primary" onClick={() => void submit()} loading={progress !== null} data-testid={`${p}-upload`}>
          {progress !== null ? t('importWizard.uploading') : t('importWizard.uploadButton')}
        </Button>
        {progress !== null && <Button onClick={() => abort.current?.abort()}>{t('common.cancel')}</Button>}
      </Space>
    </Space>
  );
}
