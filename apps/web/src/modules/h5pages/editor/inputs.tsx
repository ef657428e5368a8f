/**
 * The block editor's own inputs: a paragraph's text in the small markup (**bold**, *italic*,
 * [link](https://…)) kept as runs, an image uploaded through the area's endpoint with its
 * thumbnail, a catalogue SKU picker, an instant (date and time) and the child pages picker.
 */
import { UploadOutlined } from '@ant-design/icons';
import { downloadFile } from '@bo/contract/files/files';
import { type H5Run, markupOf, runsFromMarkup } from '@bo/contract/h5pages/blocks';
import type { H5Endpoints } from '@bo/contract/h5pages/h5-pages';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Image, Input, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../../shared/http/error-text';
import { download, uploadForm } from '../../../shared/http/http-client';
import { useTexts } from '../../../shared/i18n/lang';
import { pageChoicesQuery, skuChoicesQuery } from '../h5pages.queries';

const same = (a: readonly H5Run[], b: readonly H5Run[]) => JSON.stringify(a) === JSON.stringify(b);

/** A paragraph's runs, typed as markup; the runs are what the form holds and sends. */
export function RunsInput({ value, onChange, testId }: { value?: H5Run[]; onChange?: (runs: H5Run[]) => void; testId?: string }) {
  const runs = value ?? [];
  const [text, setText] = useState(() => markupOf(runs));
  // A change from outside (undo, a reload) shows; one made here keeps what was typed as it is.
  useEffect(() => {
    if (!same(runsFromMarkup(text), runs)) setText(markupOf(runs));
  }, [runs, text]);
  return (
    <Input.TextArea
      value={text}
      autoSize={{ minRows: 3, maxRows: 10 }}
      maxLength={4000}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(runsFromMarkup(e.target.value));
      }}
      data-testid={testId}
    />
  );
}

/** A stored image's thumbnail as an object URL (the store needs the session, so an <img src> cannot fetch it). */
export function useStoredImage(fileId: number | null | undefined, thumb: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!fileId) {
      setUrl(null);
      return;
    }
    const abort = new AbortController();
    let made: string | null = null;
    download(downloadFile, { params: { id: fileId }, query: thumb ? { thumb: '1' } : {} }, { signal: abort.signal, silent: true })
      .then(({ blob }) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => setUrl(null));
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [fileId, thumb]);
  return url;
}

/** An image of a block: uploaded through the area's endpoint (which holds it to the rule), then its thumbnail. */
export function ImageInput({
  ep,
  value,
  onChange,
  testId,
}: {
  ep: H5Endpoints;
  value?: number | null;
  onChange?: (id: number | null) => void;
  testId: string;
}) {
  const { t, lang } = useTexts();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const thumb = useStoredImage(value || null, true);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.append('file', file);
      const stored = await uploadForm(ep.upload, form, { silent: true });
      onChange?.(stored.id);
    } catch (err) {
      setError(errorText(err, lang));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Space orientation="vertical" size={6} style={{ width: '100%' }}>
      {value ? (
        thumb ? (
          <Image src={thumb} width={160} alt="" data-testid={`${testId}-thumb`} />
        ) : (
          <div style={{ width: 160, height: 80, background: '#f0f0f0' }} />
        )
      ) : null}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        style={{ display: 'none' }}
        onChange={(e) => void pick(e.target.files?.[0])}
        data-testid={`${testId}-file`}
      />
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()} data-testid={`${testId}-upload`}>
        {busy ? t('h5Pages.blocks.uploading') : value ? t('h5Pages.blocks.replace') : t('h5Pages.blocks.upload')}
      </Button>
      <Typography.Text type="secondary">{t('h5Pages.blocks.imageRule')}</Typography.Text>
      {error && (
        <Typography.Text type="danger" data-testid={`${testId}-error`}>
          {error}
        </Typography.Text>
      )}
    </Space>
  );
}

/** A SKU of the catalogue, searched as it is typed. */
export function SkuInput({
  ep,
  segment,
  value,
  onChange,
  testId,
}: {
  ep: H5Endpoints;
  segment: string;
  value?: string | null;
  onChange?: (sku: string) => void;
  testId?: string;
}) {
  const { t, lang } = useTexts();
  const [keyword, setKeyword] = useState('');
  const skus = useQuery(skuChoicesQuery(ep, segment, keyword));
  const options = (skus.data ?? []).map((s) => ({
    value: s.sku,
    label: `${s.sku} · ${s.model} · ${lang === 'zh-CN' ? s.nameZh : s.nameEn || s.nameZh}`,
  }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value || undefined}
      onChange={(v: string) => onChange?.(v)}
      options={options}
      loading={skus.isFetching}
      placeholder={t('h5Pages.blocks.skuSearch')}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}

/** An instant as the contract takes it (ISO with offset), picked as a local date and time. */
export function InstantInput({
  value,
  onChange,
  testId,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  testId?: string;
}) {
  return (
    <DatePicker
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.second(0).millisecond(0).toISOString() : null)}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}

/** Other pages (not activity homes, not archived, not this one) as an activity home's child pages, in order. */
export function ChildPagesInput({
  ep,
  segment,
  selfId,
  value,
  onChange,
}: {
  ep: H5Endpoints;
  segment: string;
  selfId: number | null;
  value?: number[];
  onChange?: (ids: number[]) => void;
}) {
  const { t, lang } = useTexts();
  const choices = useQuery(pageChoicesQuery(ep, segment));
  const options = (choices.data ?? [])
    .filter((p) => p.type !== 'activityHome' && p.id !== selfId)
    .map((p) => ({
      value: p.id,
      label: `${lang === 'zh-CN' ? p.titleZh || p.titleEn : p.titleEn || p.titleZh} (/h5/${p.slug} · ${t(`h5Pages.state.${p.state}`)})`,
    }));
  return (
    <Select
      mode="multiple"
      value={value ?? []}
      onChange={(ids: number[]) => onChange?.(ids)}
      options={options}
      loading={choices.isFetching}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      data-testid="h5-children"
    />
  );
}
