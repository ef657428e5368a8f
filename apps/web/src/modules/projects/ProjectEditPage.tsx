/**
 * The form of every project type (/editGtmProject, /editPlatform, /editListing, /editDevelop,
 * /editExposure; ?id= to edit, none to create) on the kit's EditDrawer (schema rules, server
 * field errors, the stale-version banner, the unsaved-changes question). The common fields, then
 * the type's own (project-kinds.ts), then its metrics. A new project is saved as a draft (POST
 * project/save); a change goes through the type's PUT {segment}/project/{projectId}. Saving opens
 * the project; closing goes back to where the user came from.
 */
import { projects as ep, MARKETS } from '@bo/contract';
import type { MetricCode, Project, ProjectType } from '@bo/contract/projects/projects';
import { useQueryClient } from '@tanstack/react-query';
import { Select, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTexts } from '../../shared/i18n/lang';
import { EditDrawer, type Editor, type FormField } from '../../shared/kit/EditDrawer';
import { useCurrentUser } from '../access/session/session.queries';
import { DayInput } from './components/DayInput';
import { SkuPicker } from './components/SkuPicker';
import { type DetailField, emptyDetail, metricPrecision, PROJECT_KINDS, type ProjectKind } from './project-kinds';
import { projectQuery, useDepartments, usePeople, useProject, useSaveProject, useTypeUpdate } from './projects.queries';

type Values = Record<string, unknown>;
const DATES = ['OPEN_TIME', 'CLOSING_TIME', 'NODE_BONUS_TIME'] as const;
const label = (key: string) => `projects.field.${key}` as 'projects.field.name';

function ProjectEdit({ kind }: { kind: ProjectKind }) {
  const { t, lang } = useTexts();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const project = useProject(id);
  const me = useCurrentUser().data;
  const people = usePeople().data ?? [];
  const depts = useDepartments().data ?? [];
  const create = useSaveProject();
  const update = useTypeUpdate();
  const tid = kind.slug;
  if (id !== null && !project.data) return <Skeleton active data-testid={`${tid}-edit-loading`} />;
  const editor: Editor<Project> = project.data ? { mode: 'edit', record: project.data } : { mode: 'create' };
  const personOptions = people.map((p) => ({ value: p.id, label: p.deptName ? `${p.name} · ${p.deptName}` : p.name }));
  const deptOptions = depts.map((d) => ({ value: d.id, label: lang === 'zh-CN' || !d.nameEn ? d.name : d.nameEn }));
  const marketOptions = MARKETS.map((m) => ({ value: m.id, label: m.code }));

  const detailField = (d: DetailField): FormField<Values> => {
    const base = { name: d.key, label: t(label(d.key)), span: d.span, testId: `${tid}-${d.key}` };
    switch (d.input) {
      case 'text':
      case 'textarea':
        return { ...base, input: d.input, rules: d.max ? [{ max: d.max }] : [] };
      case 'int':
      case 'money':
        return { ...base, input: 'number', precision: d.input === 'int' ? 0 : 2 };
      case 'day':
        return { ...base, input: <DayInput testId={base.testId} /> };
      case 'markets':
      case 'market':
        return {
          ...base,
          input: (
            <Select
              allowClear
              mode={d.input === 'markets' ? 'multiple' : undefined}
              options={marketOptions}
              data-testid={base.testId}
            />
          ),
        };
      case 'tags':
        return {
          ...base,
          extra: d.hint ? t(`projects.${d.hint}`) : undefined,
          input: <Select mode="tags" tokenSeparators={[',']} open={false} data-testid={base.testId} />,
        };
    }
  };
  const metricField = (m: MetricCode, i: number): FormField<Values> => ({
    name: m,
    label: t(label(m)),
    input: 'number',
    precision: metricPrecision(m),
    span: 8,
    ...(i === 0 ? { section: t('projects.section.budget') } : {}),
  });

  const fields: FormField<Values>[] = [
    { name: 'name', label: t('projects.field.name'), section: t('projects.section.basics'), testId: `${tid}-name`, span: 24 },
    {
      name: 'ownerId',
      label: t('projects.field.owner'),
      input: <Select showSearch optionFilterProp="label" options={personOptions} data-testid={`${tid}-owner`} />,
      span: 12,
    },
    {
      name: 'memberIds',
      label: t('projects.field.members'),
      input: (
        <Select mode="multiple" showSearch optionFilterProp="label" options={personOptions} data-testid={`${tid}-members`} />
      ),
      span: 12,
    },
    {
      name: 'deptId',
      label: t('projects.field.dept'),
      input: <Select allowClear options={deptOptions} data-testid={`${tid}-dept`} />,
      span: 8,
    },
    { name: 'priority', label: t('projects.field.priority'), input: 'select', options: opts(ep.PRIORITIES), span: 8 },
    {
      name: 'stage',
      label: t('projects.field.stage'),
      input: 'select',
      options: opts(ep.STAGES),
      span: 8,
      disabled: editor.mode === 'edit' && editor.record.scheduleStatus !== 'DRAFT',
    },
    { name: 'description', label: t('projects.field.description'), input: 'textarea', span: 24 },
    ...DATES.map(
      (d, i): FormField<Values> => ({
        name: d,
        label: t(label(d)),
        input: <DayInput testId={`${tid}-${d}`} />,
        span: 8,
        ...(i === 0 ? { section: t('projects.section.dates') } : {}),
      }),
    ),
    {
      name: 'skus',
      label: t('projects.field.skus'),
      extra: t('projects.skusHint'),
      section: t(`projects.kind.${kind.slug}.section`),
      input: <SkuPicker data-testid={`${tid}-skus`} />,
      span: 24,
    },
    ...kind.details.map(detailField),
    ...kind.metrics.map(metricField),
  ];

  const initial = (e: Editor<Project>): Values => {
    if (e.mode === 'create')
      return {
        ownerId: me?.id,
        memberIds: [],
        priority: 'P2',
        stage: 'DB',
        skus: [],
        deptId: null,
        ...Object.fromEntries(kind.details.map((d) => [d.key, emptyDetail(d.input)])),
      };
    const p = e.record;
    return {
      name: p.name,
      ownerId: p.owner.id,
      memberIds: p.members.map((m) => m.id),
      deptId: p.deptId,
      priority: p.priority,
      stage: p.stage,
      description: p.description,
      skus: p.skus,
      ...Object.fromEntries(DATES.map((d) => [d, p.dates[d] ?? null])),
      ...Object.fromEntries(kind.metrics.map((m) => [m, p.metrics[m] ?? null])),
      ...Object.fromEntries(kind.details.map((d) => [d.key, p.details[d.key] ?? emptyDetail(d.input)])),
    };
  };

  const submit = (v: Values, e: Editor<Project>) => {
    const record = e.mode === 'edit' ? e.record : null;
    const str = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
    // Empty numbers and days are left out: the contract's default applies.
    const details = Object.fromEntries(
      kind.details
        .map((d) => [d.key, d.input === 'text' || d.input === 'textarea' ? str(v[d.key]) : (v[d.key] ?? null)] as const)
        .filter(([, x]) => x !== null),
    );
    const body = {
      name: str(v.name),
      type: kind.type,
      ownerId: v.ownerId as number,
      memberIds: (v.memberIds as number[] | undefined) ?? [],
      deptId: (v.deptId as number | undefined) ?? null,
      priority: v.priority as Project['priority'],
      stage: v.stage as Project['stage'],
      description: str(v.description),
      dates: { ...(record?.dates ?? {}), ...Object.fromEntries(DATES.map((d) => [d, (v[d] as string | undefined) ?? null])) },
      skus: (v.skus as string[] | undefined) ?? [],
      metrics: { ...(record?.metrics ?? {}), ...Object.fromEntries(kind.metrics.map((m) => [m, (v[m] as number) ?? null])) },
      details: { ...(record?.details ?? {}), ...details },
    };
    return record
      ? update.mutateAsync({ segment: kind.segment, id: record.id, body: { ...body, version: record.version } })
      : create.mutateAsync(body);
  };

  return (
    <EditDrawer<Project, Values, Project>
      editor={editor}
      onClose={() => navigate(id ? `${kind.screens.view}?id=${id}` : kind.screens.list)}
      title={(e) =>
        e.mode === 'edit'
          ? t(`projects.kind.${kind.slug}.editTitle`, { code: e.record.code })
          : t(`projects.kind.${kind.slug}.createTitle`)
      }
      schema={ep.saveBody}
      updateSchema={ep.typeUpdateBody}
      fields={fields}
      initialValues={initial}
      onSubmit={submit}
      savedText={(p) => t('projects.saved', { name: p.name })}
      onSaved={(p) => navigate(`${kind.screens.view}?id=${p.id}`)}
      reload={async (p) => client.fetchQuery({ ...projectQuery(p.id), staleTime: 0 }).catch(() => null)}
      width={760}
      testId={`${tid}-form`}
      saveTestId={`${tid}-save`}
    />
  );
}

const opts = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** One page component per type (stable, for the router's lazy screens). */
export const EDIT_PAGES = Object.fromEntries(
  Object.values(PROJECT_KINDS).map((k) => [k.type, () => <ProjectEdit kind={k} />]),
) as Record<ProjectType, () => React.JSX.Element>;
