import { UploadOutlined } from '@ant-design/icons';
import { BANNER_ENDPOINTS_OF, BANNER_SLOT_DEFS, type BannerSlot, slotRuleParams } from '@bo/contract/appcontent/banners';
import { Button, Image, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { errorText } from '../../../shared/http/error-text';
import { uploadForm } from '../../../shared/http/http-client';
import { useTexts } from '../../../shared/i18n/lang';
import { useThumbnail } from '../kinds/content.queries';

const uploadBannerImage = (slot: BannerSlot, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return uploadForm(BANNER_ENDPOINTS_OF[slot].upload, form, { silent: true });
};

interface Size {
  width: number | null;
  height: number | null;
}

/**
 * The banner's image: uploaded through the slot's image endpoint, which holds it to the slot's
 * ratio, width and size (the refusal shows here, in the user's language), then its thumbnail.
 */
export function BannerImageInput({
  slot,
  size,
  value,
  onChange,
}: {
  slot: BannerSlot;
  /** The dimensions of the image the record has (an upload here answers its own). */
  size?: Size | undefined;
  /** The stored file's id (the form's imageFileId). */
  value?: number | null;
  onChange?: (id: number) => void;
}) {
  const { t, lang } = useTexts();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<Size | null>(null);
  const thumb = useThumbnail(value);
  const dims = uploaded ?? size;
  const rule = slotRuleParams(BANNER_SLOT_DEFS[slot].rule);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const stored = await uploadBannerImage(slot, file);
      setUploaded({ width: stored.width, height: stored.height });
      onChange?.(stored.id);
    } catch (err) {
      setError(errorText(err, lang));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Space orientation="vertical" size={6} style={{ width: '100%' }} data-testid="banner-image">
      {value && (
        <Space align="start">
          {thumb ? (
            <Image src={thumb} width={180} alt="" data-testid="banner-image-thumb" />
          ) : (
            <div style={{ width: 180, height: 90, background: 'var(--ant-color-fill-secondary, #f0f0f0)' }} />
          )}
          {dims?.width && dims.height ? (
            <Typography.Text type="secondary">
              {t('appContent.banners.image.size', { width: dims.width, height: dims.height })}
            </Typography.Text>
          ) : null}
        </Space>
      )}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        style={{ display: 'none' }}
        onChange={(e) => void pick(e.target.files?.[0])}
        data-testid="banner-image-file"
      />
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()} data-testid="banner-image-upload">
        {busy
          ? t('appContent.banners.image.uploading')
          : value
            ? t('appContent.banners.image.replace')
            : t('appContent.banners.image.upload')}
      </Button>
      <Typography.Text type="secondary">{t('appContent.banners.image.rule', rule)}</Typography.Text>
      {error && (
        <Typography.Text type="danger" data-testid="banner-image-error">
          {error}
        </Typography.Text>
      )}
    </Space>
  );
}
