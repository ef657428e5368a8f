import type { DesktopRelease } from '@bo/contract/desktopapps/desktop-apps';
import { InputNumber, Modal, Slider, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** null: closed. */
  release: DesktopRelease | null;
  busy: boolean;
  onClose: () => void;
  onSave: (release: DesktopRelease, percentage: number) => void;
}

/** The "set rollout %" action: a slider and a number (1–100, two decimals), starting from the release's percentage. */
export function RolloutModal({ release, busy, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const [pct, setPct] = useState(10);
  useEffect(() => {
    if (release) setPct(release.percentage >= 1 ? release.percentage : 10);
  }, [release]);
  return (
    <Modal
      open={release !== null}
      title={t('desktopApps.updates.rollout.title', { version: release?.version ?? '' })}
      okText={t('desktopApps.updates.rollout.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() => release && onSave(release, pct)}
      okButtonProps={{ 'data-testid': 'desktop-rollout-save' } as never}
      data-testid="desktop-rollout-modal"
    >
      <Typography.Paragraph>{t('desktopApps.updates.rollout.label')}</Typography.Paragraph>
      <Space style={{ width: '100%' }} align="center">
        <Slider
          min={1}
          max={100}
          value={pct}
          onChange={(v) => setPct(v)}
          style={{ width: 300 }}
          marks={{ 1: '1', 10: '10', 25: '25', 50: '50', 100: '100' }}
        />
        <InputNumber
          min={1}
          max={100}
          precision={2}
          value={pct}
          onChange={(v) => v !== null && setPct(v)}
          suffix="%"
          data-testid="desktop-rollout-percentage"
        />
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('desktopApps.updates.rollout.hint')}
      </Typography.Paragraph>
    </Modal>
  );
}
