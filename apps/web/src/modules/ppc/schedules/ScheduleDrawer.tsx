/**
 * Writes a bid schedule: name, shop, scope (types, campaigns by name or a name filter, a
 * keyword filter), what it adjusts, and the week painted on the heat map (presets, copy a
 * day); the preview shows what the next hour sets per entity.
 */
import { CopyOutlined } from '@ant-design/icons';
import { fieldText, MARKETS } from '@bo/contract';
import type { Schedule } from '@bo/contract/ppc/schedules';
import { SCHEDULE_CAMPAIGN_TYPES, SCHEDULE_MAX_PCT, SCHEDULE_MIN_PCT } from '@bo/contract/ppc/schedules';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditFormProblem } from '../../../shared/forms/edit-form-problem';
import { errorText } from '../../../shared/http/error-text';
import { useTexts } from '../../../shared/i18n/lang';
import { shopLabel } from '../../../shared/markets/markets';
import { FitTable } from '../../../shared/table/FitTable';
import { usePpcShops } from '../board/board.queries';
import { PreviewDrawer } from '../components/PreviewDrawer';
import { clampPct, copyDay, flatGrid, type Grid, PRESETS, presetGrid, slotNow, WEEKDAY_KEYS } from './grid';
import { ScheduleGrid } from './ScheduleGrid';
import { type ScheduleBody, usePreviewSchedule, useSaveSchedule, useScheduleCampaigns } from './schedules.queries';

interface Values {
  name: string;
  shopId: number;
  campaignTypes: ('sp' | 'sb' | 'sd')[];
  campaignIds: number[];
  nameFilter: string;
  keywordFilter: string;
  bids: boolean;
  budgets: boolean;
  enabled: boolean;
}

const FIELDS = ['name', 'shopId'] as const;
const PAINTS = [50, 80, 100, 120, 150, 200];

type PreviewData = Awaited<ReturnType<ReturnType<typeof usePreviewSchedule>['mutateAsync']>>;

export function ScheduleDrawer(props: { schedule: Schedule | null; shopId: number | null; onClose: () => void }) {
  const { schedule } = props;
  const { t, lang } = useTexts();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const shops = usePpcShops();
  const save = useSaveSchedule();
  const preview = usePreviewSchedule();
  const [grid, setGrid] = useState<Grid>(() => schedule?.grid ?? flatGrid());
  const [paint, setPaint] = useState(50);
  const [copyFrom, setCopyFrom] = useState(0);
  const [copyTo, setCopyTo] = useState<number[]>([1, 2, 3, 4]);
  const [result, setResult] = useState<PreviewData | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const { problem, clear, report } = useEditFormProblem(form, async () => props.onClose());
  const shopId = Form.useWatch('shopId', form) ?? schedule?.shopId ?? props.shopId ?? null;
  const types = Form.useWatch('campaignTypes', form) ?? schedule?.scope.campaignTypes ?? ['sp'];
  const campaigns = useScheduleCampaigns(shopId);
  const shop = shops.data?.find((s) => s.shopId === shopId) ?? null;
  // The grid is read in the marketplace's zone: the schedule's, or the chosen shop's market.
  const timeZone = schedule?.timeZone ?? MARKETS.find((m) => m.id === shop?.marketId)?.timeZone ?? null;
  const required = { required: true, message: fieldText('required', lang) };

  const changeGrid = (g: Grid) => {
    setGrid(g);
    setResult(null);
  };

  const bodyOf = (v: Values): ScheduleBody => ({
    name: v.name.trim(),
    shopId: v.shopId,
    scope: {
      campaignTypes: v.campaignTypes,
      campaignIds: v.campaignIds ?? [],
      nameFilter: v.campaignIds?.length ? '' : (v.nameFilter ?? '').trim(),
      keywordFilter: (v.keywordFilter ?? '').trim(),
    },
    adjust: { bids: v.bids, budgets: v.budgets },
    grid,
    state: v.enabled ? 'enabled' : 'paused',
  });

  const runPreview = async () => {
    setPreviewError(null);
    try {
      const v = await form.validateFields();
      setResult(await preview.mutateAsync({ ...bodyOf(v), ...(schedule ? { id: schedule.id } : {}) }));
    } catch (err) {
      if (err && typeof err === 'object' && 'errorFields' in err) return;
      setPreviewError(errorText(err, lang));
    }
  };

  const submit = async (v: Values) => {
    clear();
    if (!v.bids && !v.budgets) {
      form.setFields([{ name: 'bids', errors: [t('ppc.schedule.adjustRequired')] }]);
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: schedule?.id, version: schedule?.version, body: bodyOf(v) });
      void message.success(t('ppc.schedule.saved', { name: saved.name }), 1);
      props.onClose();
    } catch (err) {
      report(err, { fields: FIELDS });
    }
  };

  return (
    <PreviewDrawer
      size={1080}
      title={t(schedule ? 'ppc.schedule.editTitle' : 'ppc.schedule.createTitle')}
      onClose={props.onClose}
      onPreview={() => void runPreview()}
      previewing={preview.isPending}
      previewText={t('ppc.schedule.preview')}
      previewError={previewError}
      onSave={() => form.submit()}
      saving={save.isPending}
      problem={problem}
      staleText={t('ppc.schedule.stale')}
      testId="schedule"
      after={result && <PreviewTable preview={result} />}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => setResult(null)}
        initialValues={{
          name: schedule?.name ?? '',
          shopId: schedule?.shopId ?? props.shopId ?? undefined,
          campaignTypes: schedule?.scope.campaignTypes ?? ['sp'],
          campaignIds: schedule?.scope.campaignIds ?? [],
          nameFilter: schedule?.scope.nameFilter ?? '',
          keywordFilter: schedule?.scope.keywordFilter ?? '',
          bids: schedule?.adjust.bids ?? true,
          budgets: schedule?.adjust.budgets ?? false,
          enabled: (schedule?.state ?? 'enabled') === 'enabled',
        }}
        data-testid="schedule-form"
      >
        <Row gutter={16}>
          <Col span={10}>
            <Form.Item name="name" label={t('ppc.schedule.name')} rules={[required, { max: 100 }]}>
              <Input maxLength={100} data-testid="schedule-name" />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="shopId" label={t('ppc.schedule.shop')} rules={[required]}>
              <Select
                disabled={Boolean(schedule)}
                loading={shops.isPending}
                showSearch
                optionFilterProp="label"
                options={(shops.data ?? []).map((s) => ({ value: s.shopId, label: shopLabel(s.name, s.marketId) }))}
                onChange={() => form.setFieldValue('campaignIds', [])}
                data-testid="schedule-shop"
              />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="enabled" label={t('ppc.schedule.enabled')} valuePropName="checked">
              <Switch data-testid="schedule-enabled" />
            </Form.Item>
          </Col>
        </Row>
        <Card size="small" title={t('ppc.schedule.scope')} className="bo-form-card">
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item
                name="campaignTypes"
                label={t('ppc.schedule.campaignTypes')}
                rules={[{ ...required, type: 'array', min: 1 }]}
              >
                <Checkbox.Group options={SCHEDULE_CAMPAIGN_TYPES.map((c) => ({ value: c, label: c.toUpperCase() }))} />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item name="campaignIds" label={t('ppc.schedule.campaigns')} extra={t('ppc.schedule.campaignsHelp')}>
                <Select
                  mode="multiple"
                  allowClear
                  loading={campaigns.isFetching}
                  optionFilterProp="label"
                  placeholder={t('ppc.schedule.allCampaigns')}
                  options={(campaigns.data ?? [])
                    .filter((c) => types.includes(c.campaignType))
                    .map((c) => ({ value: c.id, label: `${c.campaignType.toUpperCase()} · ${c.name}` }))}
                  data-testid="schedule-campaigns"
                />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="nameFilter" label={t('ppc.schedule.nameFilter')} extra={t('ppc.schedule.nameFilterHelp')}>
                <Input maxLength={100} allowClear data-testid="schedule-name-filter" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="keywordFilter" label={t('ppc.schedule.keywordFilter')} extra={t('ppc.schedule.keywordFilterHelp')}>
                <Input maxLength={100} allowClear data-testid="schedule-keyword-filter" />
              </Form.Item>
            </Col>
          </Row>
          <Space size={24}>
            <Form.Item name="bids" valuePropName="checked" noStyle>
              <Checkbox data-testid="schedule-bids">{t('ppc.schedule.adjustBids')}</Checkbox>
            </Form.Item>
            <Form.Item name="budgets" valuePropName="checked" noStyle>
              <Checkbox data-testid="schedule-budgets">{t('ppc.schedule.adjustBudgets')}</Checkbox>
            </Form.Item>
          </Space>
          <Form.Item shouldUpdate noStyle>
            {() => {
              const err = form.getFieldError('bids')[0];
              return err ? <Typography.Text type="danger">{err}</Typography.Text> : null;
            }}
          </Form.Item>
        </Card>
      </Form>

      <Card
        size="small"
        className="bo-form-card"
        title={t('ppc.schedule.week')}
        extra={<Typography.Text type="secondary">{t('ppc.schedule.timeZoneNote', { zone: timeZone ?? '-' })}</Typography.Text>}
      >
        <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
          <Space size={4}>
            <Typography.Text>{t('ppc.schedule.paint')}</Typography.Text>
            <InputNumber
              min={SCHEDULE_MIN_PCT}
              max={SCHEDULE_MAX_PCT}
              precision={0}
              value={paint}
              suffix="%"
              onChange={(v) => v !== null && setPaint(clampPct(v))}
              style={{ width: 100 }}
              data-testid="schedule-paint"
            />
            <Radio.Group
              size="small"
              optionType="button"
              value={PAINTS.includes(paint) ? paint : null}
              onChange={(e) => setPaint(e.target.value)}
              options={PAINTS.map((p) => ({ value: p, label: `${p}%` }))}
            />
          </Space>
          <Space size={4}>
            <Typography.Text>{t('ppc.schedule.presets')}</Typography.Text>
            {PRESETS.map((p) => (
              <Button key={p} size="small" onClick={() => changeGrid(presetGrid(p))} data-testid={`schedule-preset-${p}`}>
                {t(`ppc.schedule.preset.${p}`)}
              </Button>
            ))}
          </Space>
        </Flex>
        <ScheduleGrid
          grid={grid}
          paint={paint}
          onChange={changeGrid}
          now={timeZone ? slotNow(timeZone) : null}
          testId="schedule-grid"
        />
        <Flex wrap gap={8} align="center" style={{ marginTop: 12 }}>
          <Typography.Text>{t('ppc.schedule.copyDay')}</Typography.Text>
          <Select
            size="small"
            value={copyFrom}
            onChange={setCopyFrom}
            style={{ width: 110 }}
            options={WEEKDAY_KEYS.map((k, i) => ({ value: i, label: t(`ppc.schedule.weekday.${k}`) }))}
            data-testid="schedule-copy-from"
          />
          <Typography.Text>{t('ppc.schedule.copyTo')}</Typography.Text>
          <Checkbox.Group
            value={copyTo}
            onChange={(v) => setCopyTo(v as number[])}
            options={WEEKDAY_KEYS.map((k, i) => ({ value: i, label: t(`ppc.schedule.weekday.${k}`), disabled: i === copyFrom }))}
          />
          <Button
            size="small"
            icon={<CopyOutlined />}
            disabled={!copyTo.filter((d) => d !== copyFrom).length}
            onClick={() => changeGrid(copyDay(grid, copyFrom, copyTo))}
            data-testid="schedule-copy"
          >
            {t('ppc.schedule.copy')}
          </Button>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('ppc.schedule.howItWorks', { min: SCHEDULE_MIN_PCT, max: SCHEDULE_MAX_PCT })}
        </Typography.Paragraph>
      </Card>
    </PreviewDrawer>
  );
}

function PreviewTable({ preview }: { preview: PreviewData }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={t('ppc.schedule.previewTitle', {
        time: preview.localTime,
        zone: preview.timeZone,
        pct: preview.pct,
        count: preview.total,
      })}
      data-testid="schedule-preview-result"
    >
      <FitTable
        tableId="ppc.schedule.preview"
        rowKey={(r) => `${r.entityType}:${r.entityId}:${r.field}`}
        size="small"
        dataSource={preview.rows}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        columns={[
          {
            key: 'entity',
            title: t('ppc.schedule.entity'),
            priority: 'key',
            width: 320,
            ellipsis: true,
            render: (_, r) => (
              <Space size={4}>
                <Tag>{t(`ppc.schedule.entityType.${r.entityType}`)}</Tag>
                {r.entityName}
              </Space>
            ),
          },
          {
            key: 'field',
            title: t('ppc.schedule.field'),
            priority: 'key',
            width: 110,
            render: (_, r) => t(`ppc.schedule.fields.${r.field}`),
          },
          {
            key: 'current',
            title: t('ppc.schedule.current'),
            priority: 'key',
            width: 120,
            align: 'right',
            render: (_, r) => `${r.current} ${preview.currency}`,
          },
          {
            key: 'base',
            title: t('ppc.schedule.base'),
            width: 120,
            align: 'right',
            render: (_, r) => `${r.base} ${preview.currency}`,
          },
          {
            key: 'next',
            title: t('ppc.schedule.next'),
            priority: 'key',
            width: 200,
            ellipsis: true,
            align: 'right',
            render: (_, r) =>
              r.otherSchedule ? (
                <Typography.Text type="secondary">{t('ppc.schedule.otherSchedule', { name: r.otherSchedule })}</Typography.Text>
              ) : (
                <Typography.Text strong data-testid={`preview-next-${r.entityType}-${r.entityId}`}>
                  {r.next} {preview.currency}
                </Typography.Text>
              ),
          },
        ]}
      />
      {preview.total > preview.rows.length && (
        <Typography.Text type="secondary">
          {t('ppc.schedule.previewMore', { shown: preview.rows.length, total: preview.total })}
        </Typography.Text>
      )}
    </Card>
  );
}
