/**
 * The white-balance calibration tables (/user-platform/whiteBalance) as a declared kind: a note
 * per language, the channels (RGB or RGBW) and the points (ascending colour temperature, a gain
 * per channel), with the gains drawn against the temperature while typing, in the list's row
 * detail and in the preview. The models a table is for are the model's targeting (one at least).
 */
import {
  WB_CHANNELS,
  type WbChannels,
  WHITE_BALANCE_SLOT_DEFS,
  type WhiteBalance,
  whiteBalanceEndpoints,
} from '@bo/contract/appdevices/white-balance';
import { Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { ContentKindPage, inLang, type KindScreen, mainSlot, PreviewCard } from '../../appcontent/kinds/ContentKindPage';
import { GainChart, type GainPoint } from './GainChart';
import { nextPoint, PointsInput } from './PointsInput';

const T = 'appDevices.whiteBalance';
const ID = 'white-balance';

const cctRange = (points: readonly { cct: number }[]) =>
  points.length ? `${points[0]?.cct}–${points[points.length - 1]?.cct} K` : '—';

export default function WhiteBalancePage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const screen: KindScreen<WhiteBalance> = {
    ...mainSlot('whiteBalance', whiteBalanceEndpoints, WHITE_BALANCE_SLOT_DEFS.main.permission, T, ID),
    drawerWidth: 820,
    columns: [
      {
        key: 'channels',
        priority: 'normal',
        width: 90,
        title: t(`${T}.column.channels`),
        render: (_, r) => <Tag>{t(`${T}.channels.${r.channels}`)}</Tag>,
      },
      { key: 'points', priority: 'detail', width: 80, title: t(`${T}.column.points`), render: (_, r) => r.points.length },
      { key: 'range', priority: 'key', width: 120, title: t(`${T}.column.range`), render: (_, r) => cctRange(r.points) },
    ],
    fields: () => [
      {
        name: 'noteZh',
        input: 'bilingual',
        label: t(`${T}.field.noteZh`),
        pair: { name: 'noteEn', label: t(`${T}.field.noteEn`), testId: `${ID}-note-en` },
        testId: `${ID}-note-zh`,
      },
      {
        name: 'channels',
        span: 12,
        label: t(`${T}.field.channels`),
        input: (
          <Select
            options={WB_CHANNELS.map((c) => ({ value: c, label: t(`${T}.channels.${c}`) }))}
            data-testid={`${ID}-channels`}
          />
        ),
        // Switching to RGBW gives every point a white gain (full); to RGB takes it away.
        effects: (c, v) => ({
          points: ((v.points as GainPoint[] | undefined) ?? []).map((p) => ({ ...p, w: c === 'rgbw' ? (p.w ?? 1) : null })),
        }),
      },
      {
        name: 'points',
        label: t(`${T}.field.points`),
        bare: true,
        input: (v) => <PointsInput channels={(v.channels as WbChannels | undefined) ?? 'rgb'} />,
      },
      {
        name: 'chart',
        label: t(`${T}.field.chart`),
        display: true,
        input: (v) => (
          <GainChart
            channels={(v.channels as WbChannels | undefined) ?? 'rgb'}
            points={(v.points as GainPoint[] | undefined) ?? []}
            testId={`${ID}-chart`}
          />
        ),
      },
    ],
    valuesOf: (r) => ({ noteZh: r.noteZh, noteEn: r.noteEn, channels: r.channels, points: r.points }),
    blank: {
      noteZh: '',
      noteEn: '',
      channels: 'rgb',
      points: [nextPoint({ cct: 2200, r: 1, g: 0.6, b: 0.3 }, 'rgb'), nextPoint({ cct: 6000, r: 0.8, g: 0.9, b: 1 }, 'rgb')],
    },
    bodyOf: (v) => {
      const channels = (v.channels as WbChannels | undefined) ?? 'rgb';
      return {
        noteZh: v.noteZh ?? '',
        noteEn: v.noteEn ?? '',
        channels,
        points: ((v.points as GainPoint[] | undefined) ?? []).map((p) => ({
          cct: p?.cct ?? 0,
          r: p?.r ?? 0,
          g: p?.g ?? 0,
          b: p?.b ?? 0,
          w: channels === 'rgbw' ? (p?.w ?? null) : null,
        })),
      };
    },
    renderItem: (i) => {
      const points = (i.points as WhiteBalance['points'] | undefined) ?? [];
      return (
        <PreviewCard>
          <Typography.Text strong>
            {inLang(zh, String(i.noteZh ?? ''), String(i.noteEn ?? '')) || `#${String(i.id)}`}
          </Typography.Text>
          <Tag style={{ marginInlineStart: 8 }}>{t(`${T}.channels.${(i.channels as WbChannels) ?? 'rgb'}`)}</Tag>
          <Typography.Text type="secondary">{cctRange(points)}</Typography.Text>
          <GainChart
            channels={(i.channels as WbChannels) ?? 'rgb'}
            points={points}
            testId={`${ID}-preview-chart-${String(i.id)}`}
          />
        </PreviewCard>
      );
    },
  };
  return <ContentKindPage screen={screen} />;
}
