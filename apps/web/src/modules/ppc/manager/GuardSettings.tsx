import { SafetyOutlined } from '@ant-design/icons';
import { CONFIRM_STEP_PCT } from '@bo/contract/ppc/changes';
import { App, Button, InputNumber, Popover, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readPpcGuard, savePpcGuard } from '../ppc-preferences';
import { limitsOf } from './manager-view';

/**
 * The user's change guardrails, kept in this browser with the other PPC preferences: the step
 * (1–50 %) above which a bid or budget change is confirmed, and a maximum bid per currency.
 */
export function GuardSettings({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<number | null>(CONFIRM_STEP_PCT);
  const [maxBid, setMaxBid] = useState<number | null>(null);
  const limits = limitsOf(currency, 'bid');
  const save = () => {
    const g = readPpcGuard();
    const maxBids = { ...g.maxBids };
    if (maxBid === null) delete maxBids[currency];
    else maxBids[currency] = maxBid;
    savePpcGuard({ stepPct: step ?? CONFIRM_STEP_PCT, maxBids });
    setOpen(false);
    void message.success(t('ppc.mgr.guard.saved'), 2);
  };
  return (
    <Popover
      open={open}
      trigger="click"
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          const g = readPpcGuard();
          setStep(g.stepPct);
          setMaxBid(g.maxBids[currency] ?? null);
        }
      }}
      title={t('ppc.mgr.guard.title')}
      content={
        <Space direction="vertical" style={{ width: 300 }} data-testid="ppc-guard-settings">
          <Typography.Text>{t('ppc.mgr.guard.step')}</Typography.Text>
          <InputNumber
            min={1}
            max={CONFIRM_STEP_PCT}
            precision={0}
            value={step}
            onChange={(v) => setStep(v)}
            addonBefore="±"
            addonAfter="%"
            data-testid="ppc-guard-step"
          />
          <Typography.Text>{t('ppc.mgr.guard.maxBid')}</Typography.Text>
          <InputNumber
            min={limits.min}
            max={limits.max}
            precision={2}
            value={maxBid}
            placeholder={t('ppc.mgr.guard.maxBidNone')}
            onChange={(v) => setMaxBid(v)}
            addonAfter={currency}
            data-testid="ppc-guard-max-bid"
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('ppc.mgr.guard.hint')}
          </Typography.Text>
          <Button type="primary" size="small" onClick={save} data-testid="ppc-guard-save">
            {t('ppc.mgr.guard.save')}
          </Button>
        </Space>
      }
    >
      <Button icon={<SafetyOutlined />} data-testid="ppc-guard">
        {t('ppc.mgr.guard.button')}
      </Button>
    </Popover>
  );
}
