/**
 * AI lighting activities (/user-platform/aiActivity) as a declared kind: title and rules per
 * language, the prompt suggestions (1–20, each in Chinese and English), a 2:1 banner, the models it
 * runs on (the targeting's, one at least) and the activity's window (both ends). The preview draws
 * the banner, the title and the suggestions as chips, as the app shows them.
 */
import {
  AI_ACTIVITY_IMAGE_RULE,
  AI_ACTIVITY_SLOT_DEFS,
  AI_PROMPT_LIMITS,
  type AiActivity,
  aiActivityEndpoints,
  aiActivityImage,
} from '@bo/contract/appdevices/ai-activity';
import { Image, Space, Tag, Typography } from 'antd';
import { formatDateTime } from '../../../shared/format';
import { useTexts } from '../../../shared/i18n/lang';
import { BannerImageInput } from '../../appcontent/banners/BannerImageInput';
import {
  ContentKindPage,
  inLang,
  type KindScreen,
  mainSlot,
  PreviewCard,
  titleField,
} from '../../appcontent/kinds/ContentKindPage';
import { LinesInput } from '../components/LinesInput';

const T = 'appDevices.aiActivity';
const ID = 'ai-activity';

export default function AiActivitiesPage() {
  const { t, lang } = useTexts();
  const zh = lang === 'zh-CN';
  const screen: KindScreen<AiActivity> = {
    ...mainSlot('aiActivity', aiActivityEndpoints, AI_ACTIVITY_SLOT_DEFS.main.permission, T, ID),
    drawerWidth: 820,
    columns: [
      {
        key: 'title',
        priority: 'key',
        width: 180,
        ellipsis: true,
        title: t(`${T}.column.title`),
        render: (_, r) => inLang(zh, r.titleZh, r.titleEn),
      },
      { key: 'prompts', priority: 'normal', width: 90, title: t(`${T}.column.prompts`), render: (_, r) => r.prompts.length },
      {
        key: 'models',
        priority: 'detail',
        width: 140,
        ellipsis: true,
        title: t(`${T}.column.models`),
        render: (_, r) => r.targeting.models.join(' '),
      },
    ],
    fields: () => [
      titleField({ zh: t(`${T}.field.titleZh`), en: t(`${T}.field.titleEn`) }, ID),
      {
        name: 'rulesZh',
        input: 'bilingual',
        label: t(`${T}.field.rulesZh`),
        extra: t(`${T}.field.rulesHint`),
        pair: { name: 'rulesEn', label: t(`${T}.field.rulesEn`), testId: `${ID}-rules-en` },
        testId: `${ID}-rules-zh`,
      },
      {
        name: 'prompts',
        label: t(`${T}.field.prompts`),
        bare: true,
        input: (
          <LinesInput
            name="prompts"
            label={t(`${T}.field.prompts`)}
            extra={t(`${T}.field.promptsHint`, { max: AI_PROMPT_LIMITS.count.max, length: AI_PROMPT_LIMITS.length })}
            cells={[
              { field: 'zh', kind: 'text', placeholder: t(`${T}.field.promptZh`), span: 12, maxLength: AI_PROMPT_LIMITS.length },
              { field: 'en', kind: 'text', placeholder: t(`${T}.field.promptEn`), span: 12, maxLength: AI_PROMPT_LIMITS.length },
            ]}
            blank={() => ({ zh: '', en: '' })}
            min={AI_PROMPT_LIMITS.count.min}
            max={AI_PROMPT_LIMITS.count.max}
            addText={t(`${T}.field.promptAdd`)}
            removeText={t(`${T}.field.promptRemove`)}
            testId={`${ID}-prompts`}
          />
        ),
      },
      {
        name: 'imageFileId',
        label: t(`${T}.field.image`),
        input: <BannerImageInput own={{ endpoint: aiActivityImage, rule: AI_ACTIVITY_IMAGE_RULE }} />,
      },
    ],
    valuesOf: (r) => ({
      titleZh: r.titleZh,
      titleEn: r.titleEn,
      rulesZh: r.rulesZh,
      rulesEn: r.rulesEn,
      prompts: r.prompts,
      imageFileId: r.imageFileId,
    }),
    blank: { titleZh: '', titleEn: '', rulesZh: '', rulesEn: '', prompts: [{ zh: '', en: '' }] },
    bodyOf: (v) => ({
      titleZh: v.titleZh ?? '',
      titleEn: v.titleEn ?? '',
      rulesZh: v.rulesZh ?? '',
      rulesEn: v.rulesEn ?? '',
      prompts: ((v.prompts as { zh?: string; en?: string }[] | undefined) ?? []).map((p) => ({
        zh: p?.zh ?? '',
        en: p?.en ?? '',
      })),
      imageFileId: v.imageFileId,
    }),
    renderItem: (i) => (
      <PreviewCard>
        <Image src={(i.image as { url: string }).url} width="100%" alt="" preview={false} style={{ borderRadius: 6 }} />
        <Typography.Text strong>{String(i.title)}</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ margin: '2px 0' }} ellipsis={{ rows: 2 }}>
          {String(i.rules)}
        </Typography.Paragraph>
        <Space size={[4, 4]} wrap>
          {[...new Set((i.suggestions as string[] | undefined) ?? [])].map((s) => (
            <Tag key={s} color="purple">
              {s}
            </Tag>
          ))}
        </Space>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t(`${T}.runs`, {
            start: i.windowStart ? formatDateTime(String(i.windowStart)) : '—',
            end: i.windowEnd ? formatDateTime(String(i.windowEnd)) : '—',
          })}
        </Typography.Paragraph>
      </PreviewCard>
    ),
  };
  return <ContentKindPage screen={screen} />;
}
