/**
 * /study: study records. My records, my team's (the people I lead up the chain) and, for HR and
 * the administrator, all of them; filters year, state, kind and text, sort and paging in the URL.
 * Above the list the view's year: confirmed hours (what counts), hours to confirm, planned ones,
 * and a chart of the hours per month. The employee adds, edits, copies, starts, completes, drops
 * and deletes their records; the leader chain, HR and the administrator confirm or return a
 * completed one. `?open=<id>` opens a record (the bell's link). The server decides every step.
 */
import { ExclamationCircleOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import * as ep from '@bo/contract/growth/study';
import { Button, Card, Col, Row, Space, Statistic, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LiteChart } from '../../shared/charts/lite/LiteChart';
import { ExportButton } from '../../shared/components/ExportButton';
import { useNotify } from '../../shared/components/use-notify';
import { formatDateTime } from '../../shared/format';
import { useLang } from '../../shared/i18n/lang';
import { EditDrawer, type Editor } from '../../shared/kit/EditDrawer';
import { HistoryDrawer } from '../../shared/kit/HistoryDrawer';
import { type KitColumn, ListPage } from '../../shared/kit/ListPage';
import { ActionLinks } from '../../shared/kit/RowActions';
import { StateActions, StateTag } from '../../shared/kit/StateTag';
import { useKitList } from '../../shared/kit/use-list-query';
import {
  exportStudy,
  growthKeys,
  useDeleteStudy,
  useSaveStudy,
  useStudyAction,
  useStudyRecord,
  useStudySummary,
} from './growth.queries';

interface Values {
  title: string;
  kind: ep.StudyKind;
  provider: string;
  hours: number;
  startDay: string | null;
  endDay: string | null;
  link: string | null;
  note: string;
}

const THIS_YEAR = new Date().getFullYear();
const YEARS = [THIS_YEAR + 1, THIS_YEAR, THIS_YEAR - 1, THIS_YEAR - 2, THIS_YEAR - 3];

function StudySummaryCards({ q }: { q: Parameters<typeof useStudySummary>[0] }) {
  const { t } = useTranslation();
  const summary = useStudySummary(q);
  const s = summary.data;
  if (!s) return null;
  const hours = (h: number) => t('growth.study.summary.hours', { hours: h });
  const hasData = s.months.some((m) => m.confirmed > 0 || m.pending > 0);
  return (
    <Row gutter={16} style={{ marginBottom: 16 }} data-testid="study-summary">
      <Col xs={24} lg={10}>
        <Card size="small" title={t('growth.study.summary.year', { year: s.year })} style={{ height: '100%' }}>
          <Row gutter={[16, 16]}>
            <Col span={12}>
              <Statistic
                title={t('growth.study.summary.confirmed')}
                value={s.confirmedHours}
                styles={{ content: { color: '#389e0d' } }}
                suffix="h"
                data-testid="study-confirmed-hours"
              />
            </Col>
            <Col span={12}>
              <Statistic
                title={t('growth.study.summary.pending')}
                value={s.pendingHours}
                styles={{ content: { color: '#d46b08' } }}
                suffix="h"
                data-testid="study-pending-hours"
              />
            </Col>
            <Col span={12}>
              <Statistic title={t('growth.study.summary.planned')} value={s.plannedHours} suffix="h" />
            </Col>
            <Col span={12}>
              <Statistic title={t('growth.study.summary.records')} value={s.records} />
            </Col>
          </Row>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card size="small" title={t('growth.study.summary.chart')}>
          <LiteChart
            testId="study-chart"
            label={t('growth.study.summary.chart')}
            height={150}
            legend
            categories={s.months.map((m) => t('growth.study.summary.month', { month: m.month }))}
            series={[
              {
                type: 'bar',
                name: t('growth.study.summary.confirmedSeries'),
                color: '#52c41a',
                values: s.months.map((m) => m.confirmed),
              },
              {
                type: 'bar',
                name: t('growth.study.summary.pendingSeries'),
                color: '#fa8c16',
                values: s.months.map((m) => m.pending),
              },
            ]}
            tooltip={(i) => {
              const m = s.months[i];
              return m
                ? `${t('growth.study.summary.month', { month: m.month })} · ${t('growth.study.summary.confirmedSeries')} ${hours(m.confirmed)} · ${t('growth.study.summary.pendingSeries')} ${hours(m.pending)}`
                : '';
            }}
            hasData={hasData}
          />
        </Card>
      </Col>
    </Row>
  );
}

export default function StudyPage() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const notify = useNotify();
  const list = useKitList(ep.listStudy, growthKeys.study);
  const q = list.query;
  const summaryQuery = { view: q.view, year: q.year ?? THIS_YEAR, kind: q.kind, keyword: q.keyword };
  const canSeeAll = useStudySummary(summaryQuery).data?.canSeeAll ?? false;
  const save = useSaveStudy();
  const del = useDeleteStudy();
  const move = useStudyAction();
  const [editor, setEditor] = useState<Editor<ep.StudyRecord> | null>(null);
  const [returning, setReturning] = useState<Editor<ep.StudyRecord> | null>(null);
  const [historyOf, setHistoryOf] = useState<ep.StudyRecord | null>(null);
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('open') ?? 0);
  const opened = useStudyRecord(openId);
  useEffect(() => {
    if (!opened.data) return;
    setEditor({ mode: 'edit', record: opened.data });
    setParams(
      (p) => {
        p.delete('open');
        return p;
      },
      { replace: true },
    );
  }, [opened.data, setParams]);

  const kindName = (k: ep.StudyKind) => ep.STUDY_KIND_LABEL[k][zh ? 'zh' : 'en'];
  const run = (r: ep.StudyRecord, action: ep.StudyAction, remark = '') =>
    notify.run(
      () => move.mutateAsync({ id: r.id, body: { action, version: r.version, remark } }),
      t(`growth.study.done.${action}`),
    );
  const others = q.view !== 'mine';

  const columns: KitColumn<ep.StudyRecord>[] = [
    {
      key: 'employee',
      priority: 'key',
      width: 150,
      ellipsis: true,
      when: others,
      title: t('growth.study.column.employee'),
      render: (_, r) => r.employee.name,
    },
    {
      key: 'dept',
      priority: 'detail',
      width: 130,
      ellipsis: true,
      when: others,
      title: t('growth.study.column.dept'),
      render: (_, r) => r.dept ?? '—',
    },
    {
      key: 'title',
      priority: 'key',
      width: 240,
      ellipsis: true,
      sortable: true,
      title: t('growth.study.column.title'),
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Link onClick={() => setEditor({ mode: 'edit', record: r })} data-testid={`study-open-${r.id}`}>
            {r.title}
          </Typography.Link>
          {r.link && (
            <Typography.Link href={r.link} target="_blank" rel="noopener noreferrer" type="secondary" style={{ fontSize: 12 }}>
              {r.link}
            </Typography.Link>
          )}
        </Space>
      ),
    },
    {
      key: 'kind',
      priority: 'normal',
      width: 90,
      title: t('growth.study.column.kind'),
      render: (_, r) => <Tag>{kindName(r.kind)}</Tag>,
    },
    {
      key: 'provider',
      priority: 'detail',
      width: 160,
      ellipsis: true,
      title: t('growth.study.column.provider'),
      render: (_, r) => r.provider || '—',
    },
    {
      key: 'hours',
      priority: 'key',
      width: 80,
      align: 'right',
      sortable: true,
      title: t('growth.study.column.hours'),
      render: (_, r) => r.hours,
    },
    {
      key: 'startDay',
      priority: 'normal',
      width: 110,
      sortable: true,
      title: t('growth.study.column.startDay'),
      render: (_, r) => r.startDay ?? '—',
    },
    {
      key: 'endDay',
      priority: 'key',
      width: 110,
      sortable: true,
      title: t('growth.study.column.endDay'),
      render: (_, r) => r.endDay ?? '—',
    },
    {
      key: 'state',
      priority: 'key',
      width: 110,
      title: t('growth.study.column.state'),
      render: (_, r) => (
        <Space size={4}>
          <StateTag machine={ep.STUDY_MACHINE} state={r.state} testId={`study-state-${r.id}`} />
          {r.returnRemark && r.state === 'inProgress' && (
            <Tooltip title={t('growth.study.returned', { remark: r.returnRemark })}>
              <ExclamationCircleOutlined style={{ color: '#d46b08' }} data-testid={`study-returned-${r.id}`} />
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      key: 'confirmedBy',
      priority: 'detail',
      width: 150,
      title: t('growth.study.column.confirmedBy'),
      render: (_, r) =>
        r.confirmedBy ? (
          <Tooltip title={r.confirmedAt ? formatDateTime(r.confirmedAt) : undefined}>{r.confirmedBy}</Tooltip>
        ) : (
          '—'
        ),
    },
    {
      key: 'updatedAt',
      priority: 'detail',
      width: 150,
      sortable: true,
      title: t('growth.study.column.updatedAt'),
      render: (_, r) => formatDateTime(r.updatedAt),
    },
    {
      key: 'actions',
      priority: 'key',
      fixed: 'right',
      // The employee's own rows offer up to three steps besides copy, history and delete.
      width: others ? 230 : 450,
      title: t('common.actions'),
      render: (_, r) => (
        <Space size={8}>
          <StateActions
            machine={ep.STUDY_MACHINE}
            state={r.state}
            only={['start', 'complete', 'drop', 'confirm']}
            allow={(a) => r.actions.includes(a)}
            busy={move.isPending && move.variables?.id === r.id ? move.variables.body.action : null}
            onAction={(a) => void run(r, a)}
            testId={(a) => `study-${a}-${r.id}`}
          />
          <ActionLinks
            size={8}
            actions={[
              {
                label: t('growth.study.returnTitle'),
                testId: `study-return-${r.id}`,
                danger: true,
                hidden: !r.actions.includes('return'),
                onClick: () => setReturning({ mode: 'edit', record: r }),
              },
              {
                label: t('growth.study.copy'),
                testId: `study-copy-${r.id}`,
                hidden: r.role !== 'employee',
                onClick: () => setEditor({ mode: 'copy', record: r }),
              },
              {
                label: t('growth.study.history'),
                icon: <HistoryOutlined />,
                testId: `study-history-${r.id}`,
                onClick: () => setHistoryOf(r),
              },
              {
                testId: `study-delete-${r.id}`,
                hidden: !r.canDelete,
                remove: {
                  title: t('growth.study.confirmDelete', { title: r.title }),
                  onConfirm: () => void notify.run(() => del.mutateAsync(r.id), t('growth.study.deleted', { title: r.title })),
                  confirmTestId: 'study-delete-confirm',
                },
              },
            ]}
          />
        </Space>
      ),
    },
  ];

  const views = ep.STUDY_VIEWS.filter((v) => v !== 'all' || canSeeAll);
  const { pageNum: _p, pageSize: _s, sortField: _f, sortOrder: _o, ...filters } = q;
  return (
    <>
      <ListPage
        testId="page-study"
        texts="growth.study"
        list={list}
        above={<StudySummaryCards q={summaryQuery} />}
        filters={[
          {
            kind: 'segmented',
            key: 'view',
            options: views.map((v) => ({ value: v, label: t(`growth.study.view.${v}`) })),
            testId: 'study-view',
          },
          {
            kind: 'select',
            key: 'year',
            placeholder: t('growth.study.allYears'),
            width: 110,
            options: YEARS.map((y) => ({ value: y, label: String(y) })),
          },
          {
            kind: 'select',
            key: 'state',
            placeholder: t('growth.study.allStates'),
            width: 120,
            options: ep.STUDY_STATES.map((s) => ({ value: s, label: ep.STUDY_MACHINE.states[s].label[zh ? 'zh' : 'en'] })),
          },
          {
            kind: 'select',
            key: 'kind',
            placeholder: t('growth.study.allKinds'),
            width: 110,
            options: ep.STUDY_KINDS.map((k) => ({ value: k, label: kindName(k) })),
          },
          { kind: 'text', key: 'keyword', placeholder: t('growth.study.search'), maxLength: 100 },
        ]}
        toolbar={
          <Space>
            <ExportButton
              label={t('growth.study.export')}
              fetchFile={(options) => exportStudy(filters, options)}
              testId="study-export"
            />
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditor({ mode: 'create' })}
              data-testid="study-create"
            >
              {t('growth.study.create')}
            </Button>
          </Space>
        }
        columns={columns}
        tableId="growth.study"
        rowKey="id"
        tableTestId="study-list"
        emptyText={q.view === 'mine' ? t('growth.study.emptyMine') : t('growth.study.empty')}
      />
      <EditDrawer<ep.StudyRecord, Values, ep.StudyRecord>
        editor={editor}
        onClose={() => setEditor(null)}
        title={(e) =>
          e.mode === 'create'
            ? t('growth.study.createTitle')
            : e.mode === 'copy'
              ? t('growth.study.copyTitle')
              : e.record.canEdit
                ? t('growth.study.editTitle')
                : t('growth.study.viewTitle')
        }
        schema={ep.studyBody}
        updateSchema={ep.studyUpdateBody}
        readOnly={(e) => e.mode === 'edit' && !e.record.canEdit}
        intro={(e) =>
          e.mode === 'edit' ? (
            <Space style={{ marginBottom: 12 }} wrap>
              {e.record.role !== 'employee' && <Typography.Text strong>{e.record.employee.name}</Typography.Text>}
              <StateTag machine={ep.STUDY_MACHINE} state={e.record.state} testId="study-form-state" />
              {e.record.confirmedBy && (
                <Typography.Text type="secondary">
                  {e.record.confirmedBy} · {e.record.confirmedAt ? formatDateTime(e.record.confirmedAt) : ''}
                </Typography.Text>
              )}
              {e.record.returnRemark && e.record.state === 'inProgress' && (
                <Typography.Text type="warning">{t('growth.study.returned', { remark: e.record.returnRemark })}</Typography.Text>
              )}
            </Space>
          ) : null
        }
        fields={[
          { name: 'title', input: 'text', label: t('growth.study.field.title'), testId: 'study-title' },
          {
            name: 'kind',
            input: 'select',
            label: t('growth.study.field.kind'),
            span: 12,
            options: ep.STUDY_KINDS.map((k) => ({ value: k, label: kindName(k) })),
            testId: 'study-kind',
          },
          {
            name: 'hours',
            input: 'number',
            label: t('growth.study.field.hours'),
            span: 12,
            precision: 1,
            extra: t('growth.study.field.hoursHint'),
            testId: 'study-hours',
          },
          { name: 'provider', input: 'text', label: t('growth.study.field.provider'), testId: 'study-provider' },
          { name: 'startDay', input: 'date', label: t('growth.study.field.startDay'), span: 12, testId: 'study-start' },
          { name: 'endDay', input: 'date', label: t('growth.study.field.endDay'), span: 12, testId: 'study-end' },
          {
            name: 'link',
            input: 'text',
            label: t('growth.study.field.link'),
            extra: t('growth.study.field.linkHint'),
            placeholder: 'https://',
            testId: 'study-link',
          },
          { name: 'note', input: 'textarea', label: t('growth.study.field.note'), testId: 'study-note' },
        ]}
        initialValues={(e) =>
          e.mode === 'create' || !e.record
            ? { title: '', kind: 'course', provider: '', startDay: null, endDay: null, link: null, note: '' }
            : {
                title: e.record.title,
                kind: e.record.kind,
                provider: e.record.provider,
                hours: e.record.hours,
                startDay: e.mode === 'copy' ? null : e.record.startDay,
                endDay: e.mode === 'copy' ? null : e.record.endDay,
                link: e.mode === 'copy' ? null : e.record.link,
                note: e.record.note,
              }
        }
        onSubmit={(v, e) =>
          save.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : null,
            body: {
              title: v.title,
              kind: v.kind,
              provider: v.provider ?? '',
              hours: v.hours,
              startDay: v.startDay ?? null,
              endDay: v.endDay ?? null,
              link: v.link?.trim() ? v.link.trim() : null,
              note: v.note ?? '',
              version: e.mode === 'edit' ? e.record.version : 1,
            },
          })
        }
        savedText={(r) => t('growth.study.saved', { title: r.title })}
        testId="study-form"
        saveTestId="study-save"
      />
      <EditDrawer<ep.StudyRecord, { remark: string }, unknown>
        editor={returning}
        onClose={() => setReturning(null)}
        title={() => t('growth.study.returnTitle')}
        schema={ep.studyReturnBody}
        fields={[{ name: 'remark', label: t('growth.study.remark'), input: 'textarea', testId: 'study-return-remark' }]}
        initialValues={() => ({ remark: '' })}
        onSubmit={(v, e) =>
          move.mutateAsync({
            id: e.mode === 'edit' ? e.record.id : 0,
            body: { action: 'return', version: e.mode === 'edit' ? e.record.version : 1, remark: v.remark.trim() },
          })
        }
        savedText={() => t('growth.study.done.return')}
        saveText={t('growth.study.returnTitle')}
        saveTestId="study-return-confirm"
      />
      <HistoryDrawer
        entity="growth_study"
        entityId={historyOf?.id ?? null}
        name={historyOf?.title ?? ''}
        onClose={() => setHistoryOf(null)}
        fieldLabels={{
          title: t('growth.study.field.title'),
          kind: t('growth.study.field.kind'),
          provider: t('growth.study.field.provider'),
          hours: t('growth.study.field.hours'),
          startDay: t('growth.study.field.startDay'),
          endDay: t('growth.study.field.endDay'),
          state: t('growth.study.field.state'),
          link: t('growth.study.field.link'),
          note: t('growth.study.field.note'),
          remark: t('growth.study.remark'),
        }}
      />
    </>
  );
}
