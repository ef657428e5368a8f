/** A KOL's handles as a form value: one row per platform (platform, handle, followers), added and removed in place. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { KOL_PLATFORMS, type KolHandle, PLATFORM_LABEL } from '@bo/contract/brand/kols';
import { Button, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export function HandlesInput({
  value,
  onChange,
  disabled,
}: {
  value?: KolHandle[];
  onChange?: (v: KolHandle[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const rows = value ?? [];
  const set = (i: number, patch: Partial<KolHandle>) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const free = KOL_PLATFORMS.find((p) => !rows.some((r) => r.platform === p));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="kol-handles">
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row has no id of its own; its place is its identity while typing
        <Space.Compact key={i} style={{ width: '100%' }}>
          <Select
            value={r.platform}
            style={{ width: 120 }}
            disabled={disabled}
            options={KOL_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABEL[p] }))}
            onChange={(platform) => set(i, { platform })}
            aria-label={t('brand.kols.field.platform')}
          />
          <Input
            value={r.handle}
            disabled={disabled}
            placeholder={t('brand.kols.field.handle')}
            onChange={(e) => set(i, { handle: e.target.value })}
            data-testid={`kol-handle-${i}`}
          />
          <InputNumber<number>
            value={r.followers}
            disabled={disabled}
            min={0}
            style={{ width: 160 }}
            placeholder={t('brand.kols.field.followers')}
            onChange={(followers) => set(i, { followers: followers ?? 0 })}
            data-testid={`kol-followers-${i}`}
          />
          <Button
            icon={<DeleteOutlined />}
            disabled={disabled || rows.length === 1}
            onClick={() => onChange?.(rows.filter((_, j) => j !== i))}
            aria-label="remove"
          />
        </Space.Compact>
      ))}
      {!disabled && free && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => onChange?.([...rows, { platform: free, handle: '', followers: 0 }])}
          data-testid="kol-handle-add"
        >
          {t('brand.kols.field.addHandle')}
        </Button>
      )}
    </Space>
  );
}
