/**
 * /editGtmProject (?id= to edit, none to create): the GTM project's form on the kit's EditDrawer
 * (schema rules, server field errors, the stale-version banner, the unsaved-changes question).
 * Saving opens the project; closing goes back to where the user came from.
 */
import { projects as ep, MARKETS } from '@bo/contract';
import type { GtmDetails, Project } from '@bo/contract/projects/projects';
import { useQueryClient } from '@tanstack/react-query';
import { Input, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useLang } from '../../shared/i18n/lang';
import { EditDrawer, type Editor, type FormField } from '../../shared/kit/EditDrawer';
import { useCurrentUser } from '../access/session/session.queries';
import { DayInput } from './components/DayInput';
import { projectQuery, useDepartments, usePeople, useProject, useSaveProject } from './projects.queries';

interface Values {
  name: string;
  ownerId: number;
  memberIds: number[];
  deptId: number | null;
  priority: string;
  stage: string;
  description: string;
  OPEN_TIME: string | null;
  CLOSING_TIME: string | null;
  NODE_BONUS_TIME: string | null;
  skus: string[];
  TOTAL_BUDGET: number | null;
  AMZ_ADS: number | null;
  KOL: number | null;
  DEALS: number | null;
  TOTAL_EXPOSURE: number | null;
  markets: number[];
  launchDate: string | null;
  channels: string[];
  targetUnits: number | null;
  targetRevenue: number | null;
  positioning: string;
}

const METRICS = ['TOTAL_BUDGET', 'AMZ_ADS', 'KOL', 'DEALS', 'TOTAL_EXPOSURE'] as const;

export default function EditGtmProjectPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const project = useProject(id);
  const me = useCurrentUser().data;
  const people = usePeople().data ?? [];
  const depts = useDepartments().data ?? [];
  const save = useSaveProject();
  if (id !== null && !project.data) return <Skeleton active data-testid="gtm-edit-loading" />;
  const editor: Editor<Project> = project.data ? { mode: 'edit', record: project.data } : { mode: 'create' };
  const personOptions = people.map((p) => ({ value: p.id, label: p.deptName ? `${p.name} · ${p.deptName}` : p.name }));
  const deptOptions = depts.map((d) => ({ value: d.id, label: lang === 'zh-CN' || !d.nameEn ? d.name : d.nameEn }));
  const num = (key: keyof Values, precision = 2): FormField<Values> => ({
    name: key,
    label: t(`projects.field.${key}` as 'projects.field.name'),
    input: 'number',
    precision,
    span: 8,
  });

  const fields: FormField<Values>[] = [
    { name: 'name', label: t('projects.field.name'), section: t('projects.section.basics'), testId: 'gtm-name', span: 24 },
    {
      name: 'ownerId',
      label: t('projects.field.owner'),
      input: <Select showSearch optionFilterProp="label" options={personOptions} data-testid="gtm-owner" />,
      span: 12,
    },
    {
      name: 'memberIds',
      label: t('projects.field.members'),
      input: <Select mode="multiple" showSearch optionFilterProp="label" options={personOptions} data-testid="gtm-members" />,
      span: 12,
    },
    {
      name: 'deptId',
      label: t('projects.field.dept'),
      input: <Select allowClear options={deptOptions} data-testid="gtm-dept" />,
      span: 8,
    },
    {
      name: 'priority',
      label: t('projects.field.priority'),
      input: 'select',
      options: ep.PRIORITIES.map((p) => ({ value: p, label: p })),
      span: 8,
    },
    {
      name: 'stage',
      label: t('projects.field.stage'),
      input: 'select',
      options: ep.STAGES.map((s) => ({ value: s, label: s })),
      span: 8,
      disabled: editor.mode === 'edit' && editor.record.scheduleStatus !== 'DRAFT',
    },
    { name: 'description', label: t('projects.field.description'), input: 'textarea', span: 24 },
    {
      name: 'OPEN_TIME',
      label: t('projects.field.OPEN_TIME'),
      input: <DayInput testId="gtm-open" />,
      section: t('projects.section.dates'),
      span: 8,
    },
    { name: 'CLOSING_TIME', label: t('projects.field.CLOSING_TIME'), input: <DayInput />, span: 8 },
    { name: 'NODE_BONUS_TIME', label: t('projects.field.NODE_BONUS_TIME'), input: <DayInput />, span: 8 },
    {
      name: 'markets',
      label: t('projects.field.markets'),
      section: t('projects.section.gtm'),
      input: <Select mode="multiple" options={MARKETS.map((m) => ({ value: m.id, label: m.code }))} data-testid="gtm-markets" />,
      span: 12,
    },
    { name: 'launchDate', label: t('projects.field.launchDate'), input: <DayInput />, span: 12 },
    {
      name: 'skus',
      label: t('projects.field.skus'),
      extra: t('projects.skusHint'),
      input: <Select mode="tags" tokenSeparators={[',', ' ']} open={false} data-testid="gtm-skus" />,
      span: 12,
    },
    {
      name: 'channels',
      label: t('projects.field.channels'),
      extra: t('projects.channelsHint'),
      input: <Select mode="tags" tokenSeparators={[',']} open={false} />,
      span: 12,
    },
    { ...num('targetUnits', 0), span: 12 },
    { ...num('targetRevenue'), span: 12 },
    {
      name: 'positioning',
      label: t('projects.field.positioning'),
      input: <Input.TextArea rows={2} maxLength={1000} />,
      span: 24,
    },
    { ...num('TOTAL_BUDGET'), section: t('projects.section.budget') },
    num('AMZ_ADS'),
    num('KOL'),
    num('DEALS'),
    num('TOTAL_EXPOSURE', 0),
  ];

  const initial = (e: Editor<Project>): Partial<Values> => {
    if (e.mode === 'create')
      return { ownerId: me?.id, memberIds: [], priority: 'P2', stage: 'DB', skus: [], markets: [], channels: [], deptId: null };
    const p = e.record;
    const d = p.details as Partial<GtmDetails>;
    return {
      name: p.name,
      ownerId: p.owner.id,
      memberIds: p.members.map((m) => m.id),
      deptId: p.deptId,
      priority: p.priority,
      stage: p.stage,
      description: p.description,
      OPEN_TIME: p.dates.OPEN_TIME ?? null,
      CLOSING_TIME: p.dates.CLOSING_TIME ?? null,
      NODE_BONUS_TIME: p.dates.NODE_BONUS_TIME ?? null,
      skus: p.skus,
      ...Object.fromEntries(METRICS.map((m) => [m, p.metrics[m] ?? null])),
      markets: d.markets ?? [],
      launchDate: d.launchDate ?? null,
      channels: d.channels ?? [],
      targetUnits: d.targetUnits ?? null,
      targetRevenue: d.targetRevenue ?? null,
      positioning: d.positioning ?? '',
    };
  };

  const submit = (v: Values, e: Editor<Project>) => {
    const record = e.mode === 'edit' ? e.record : null;
    const dates = {
      OPEN_TIME: v.OPEN_TIME ?? null,
      CLOSING_TIME: v.CLOSING_TIME ?? null,
      NODE_BONUS_TIME: v.NODE_BONUS_TIME ?? null,
    };
    return save.mutateAsync({
      ...(record ? { id: record.id, version: record.version } : {}),
      name: v.name?.trim() ?? '',
      type: 'GTM_PROJECT',
      ownerId: v.ownerId,
      memberIds: v.memberIds ?? [],
      deptId: v.deptId ?? null,
      priority: v.priority as Project['priority'],
      stage: v.stage as Project['stage'],
      description: v.description?.trim() ?? '',
      dates: record ? { ...record.dates, ...dates } : dates,
      skus: v.skus ?? [],
      metrics: { ...(record?.metrics ?? {}), ...Object.fromEntries(METRICS.map((m) => [m, v[m] ?? null])) },
      details: {
        markets: v.markets ?? [],
        launchDate: v.launchDate ?? null,
        channels: v.channels ?? [],
        targetUnits: v.targetUnits ?? null,
        targetRevenue: v.targetRevenue ?? null,
        positioning: v.positioning?.trim() ?? '',
      },
    });
  };

  return (
    <EditDrawer<Project, Values, Project>
      editor={editor}
      onClose={() => navigate(id ? `/viewGtmProject?id=${id}` : '/gtmProject')}
      title={(e) => (e.mode === 'edit' ? t('projects.editTitle', { code: e.record.code }) : t('projects.createTitle'))}
      schema={ep.saveBody}
      fields={fields}
      initialValues={initial}
      onSubmit={submit}
      savedText={(p) => t('projects.saved', { name: p.name })}
      onSaved={(p) => navigate(`/viewGtmProject?id=${p.id}`)}
      reload={async (p) => client.fetchQuery({ ...projectQuery(p.id), staleTime: 0 }).catch(() => null)}
      width={760}
      testId="gtm-form"
      saveTestId="gtm-save"
    />
  );
}
