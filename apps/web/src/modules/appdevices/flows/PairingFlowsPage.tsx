/**
 * The set-up flows (/user-platform/blueTooth, /user-platform/wifi) as a declared kind, a slot per
 * connectivity: a title per language, a firmware minimum and the ordered steps; the models a flow
 * is for are the model's targeting (one model, several for a family, none for every model).
 */
import {
  PAIRING_FLOW_ENDPOINTS_OF,
  PAIRING_FLOW_SLOT_DEFS,
  type PairingFlow,
  type PairingFlowSlot,
} from '@bo/contract/appdevices/pairing-flows';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { ContentKindPage, type KindScreen, PreviewCard, titleColumn, titleField } from '../../appcontent/kinds/ContentKindPage';
import { FlowStepsInput, nextStep } from './FlowStepsInput';

const T = 'appDevices.flows';
type Step = PairingFlow['steps'][number];

export function PairingFlowsPage({ slot }: { slot: PairingFlowSlot }) {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const id = `flow-${slot}`;
  const action = (a: string) => t(`${T}.action.${a as Step['action']}`);
  const screen: KindScreen<PairingFlow> = {
    kind: 'pairingFlow',
    slot,
    endpoints: PAIRING_FLOW_ENDPOINTS_OF[slot] as unknown as KindScreen<PairingFlow>['endpoints'],
    permission: PAIRING_FLOW_SLOT_DEFS[slot].permission,
    texts: T,
    title: `${T}.title.${slot}`,
    testId: id,
    drawerWidth: 820,
    columns: [
      titleColumn(t(`${T}.column.title`), zh),
      { key: 'steps', priority: 'normal', width: 80, title: t(`${T}.column.steps`), render: (_, f) => f.steps.length },
      {
        key: 'firmware',
        priority: 'detail',
        width: 110,
        title: t(`${T}.column.firmware`),
        render: (_, f) => f.minFirmware || '—',
      },
    ],
    fields: () => [
      titleField({ zh: t(`${T}.field.titleZh`), en: t(`${T}.field.titleEn`) }, id),
      {
        name: 'minFirmware',
        label: t(`${T}.field.minFirmware`),
        extra: t(`${T}.field.minFirmwareHint`),
        placeholder: '1.0.0',
        testId: `${id}-min-firmware`,
      },
      { name: 'steps', label: t(`${T}.field.steps`), bare: true, input: <FlowStepsInput /> },
    ],
    valuesOf: (f) => ({ titleZh: f.titleZh, titleEn: f.titleEn, minFirmware: f.minFirmware, steps: f.steps }),
    blank: { titleZh: '', titleEn: '', minFirmware: '', steps: [nextStep([])] },
    bodyOf: (v) => ({
      titleZh: v.titleZh ?? '',
      titleEn: v.titleEn ?? '',
      minFirmware: v.minFirmware ?? '',
      steps: ((v.steps as Partial<Step>[] | undefined) ?? []).map((s) => ({
        order: s?.order ?? 0,
        titleZh: s?.titleZh ?? '',
        titleEn: s?.titleEn ?? '',
        textZh: s?.textZh ?? '',
        textEn: s?.textEn ?? '',
        action: s?.action ?? 'none',
        seconds: s?.seconds ?? null,
        minFirmware: s?.minFirmware ?? '',
      })),
    }),
    renderItem: (i) => (
      <PreviewCard>
        <Typography.Text strong>{String(i.title)}</Typography.Text>
        {i.minFirmware ? <Tag style={{ marginInlineStart: 8 }}>≥ {String(i.minFirmware)}</Tag> : null}
        <ol style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
          {((i.steps as Step[] | undefined) ?? []).map((s, n) => {
            const texts = (i.stepTexts as { title: string; text: string }[] | undefined)?.[n];
            return (
              <li key={s.order} value={s.order}>
                <Typography.Text strong>{texts?.title}</Typography.Text>
                {s.action !== 'none' ? (
                  <Tag style={{ marginInlineStart: 6 }}>{`${action(s.action)}${s.seconds ? ` ${s.seconds} s` : ''}`}</Tag>
                ) : null}
                {s.minFirmware ? <Tag>≥ {s.minFirmware}</Tag> : null}
                {texts?.text ? <div>{texts.text}</div> : null}
              </li>
            );
          })}
        </ol>
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
