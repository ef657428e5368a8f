import { STATUS } from '@bo/contract';
import { type Selection, type SelectionRules, selectionBody, selections } from '@bo/contract/trials/trials';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, InputNumber, Select, Space, Statistic } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryStates } from '../../shared/components/QueryStates';
import { isApiError } from '../../shared/http/api-error';
import { call } from '../../shared/http/http-client';
import { useTexts } from '../../shared/i18n/lang';
import { EditPage } from '../../shared/kit/EditPage';
import { FormLines, LineField, useFormValue, useFormValues } from '../../shared/kit/FormLines';
import { InstantInput, pickText } from './parts';
import { P, questionnaireQuery, selectionQuery, trialChoicesQuery, trialQuery, useSaveSelection } from './trials.queries';

interface Values {
  trialId: number;
  name: string;
  countries: string[];
  answers: { questionKey: string; values: string[] }[];
  ratings: { questionKey: string; min: number }[];
  appliedFrom: string | null;
  appliedTo: string | null;
  excludeWinnersDays: number | null;
}

/** /user-platform/h5ActivityMaking/editSelectUser[?id=]: a selection's rules with a live count of who they take. */
export default function SelectionEditPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const editing = Number.isInteger(id) && id > 0;
  const q = useQuery({ ...selectionQuery(editing ? id : 0), enabled: editing });
  if (!editing) return <SelectionForm record={null} reload={async () => null} />;
  return (
    <QueryStates pending={q.isPending} error={q.error} onRetry={() => void q.refetch()}>
      {q.data && (
        <SelectionForm
          key={q.data.id}
          record={q.data}
          reload={async () => {
            const fresh = await q.refetch();
            return isApiError(fresh.error) && fresh.error.status === STATUS.NOT_FOUND ? null : (fresh.data ?? null);
          }}
        />
      )}
    </QueryStates>
  );
}

const rulesOf = (v: Partial<Values>): SelectionRules => ({
  countries: v.countries ?? [],
  answers: (v.answers ?? []).filter((a) => a?.questionKey && a.values?.length),
  ratings: (v.ratings ?? []).filter((r) => r?.questionKey && r.min),
  appliedFrom: v.appliedFrom ?? null,
  appliedTo: v.appliedTo ?? null,
  excludeWinnersDays: v.excludeWinnersDays ?? null,
});

/** The trial's questions for the rule pickers, and the live count of what is typed (debounced). */
function RuleLines({ disabled }: { disabled: boolean }) {
  const { t, lang } = useTexts();
  const trialId = useFormValue<number>('trialId');
  const trial = useQuery({ ...trialQuery(trialId ?? 0), enabled: Boolean(trialId) });
  const qid = trial.data?.questionnaireId ?? 0;
  const qn = useQuery({ ...questionnaireQuery(qid), enabled: qid > 0 });
  const questions = (qid > 0 ? (qn.data?.questions ?? []) : []).map((x) => ({
    key: x.key,
    label: pickText(lang, x.labelZh, x.labelEn),
    type: x.type,
    options: x.options.map((o) => ({ value: o.value, label: pickText(lang, o.labelZh, o.labelEn) })),
  }));
  const choice = questions.filter((x) => x.type === 'single' || x.type === 'multiple');
  const rating = questions.filter((x) => x.type === 'rating');
  const answers = useFormValue<Values['answers']>('answers') ?? [];
  return (
    <>
      <FormLines<Values['answers'][number]>
        name="answers"
        label={t('trials.selections.answers')}
        empty={t('trials.selections.noRules')}
        after={(add) =>
          disabled || choice.length === 0 ? null : (
            <Button onClick={() => add({ questionKey: choice[0]?.key ?? '', values: [] })} data-testid="selection-add-answer">
              {t('trials.selections.addAnswer')}
            </Button>
          )
        }
        line={({ key, index, field, remove }) => (
          <Space key={key} wrap>
            <LineField name={field('questionKey')} rules={[{ required: true }]}>
              <Select
                style={{ width: 240 }}
                disabled={disabled}
                options={choice.map((x) => ({ value: x.key, label: x.label }))}
              />
            </LineField>
            <LineField name={field('values')} rules={[{ required: true }]}>
              <Select
                mode="multiple"
                style={{ width: 300 }}
                disabled={disabled}
                placeholder={t('trials.selections.values')}
                options={choice.find((x) => x.key === answers[index]?.questionKey)?.options ?? []}
              />
            </LineField>
            {!disabled && (
              <Button type="link" danger onClick={remove}>
                {t('trials.common.remove')}
              </Button>
            )}
          </Space>
        )}
      />
      <FormLines<Values['ratings'][number]>
        name="ratings"
        label={t('trials.selections.ratings')}
        empty={t('trials.selections.noRules')}
        after={(add) =>
          disabled || rating.length === 0 ? null : (
            <Button onClick={() => add({ questionKey: rating[0]?.key ?? '', min: 4 })} data-testid="selection-add-rating">
              {t('trials.selections.addRating')}
            </Button>
          )
        }
        line={({ key, field, remove }) => (
          <Space key={key} wrap>
            <LineField name={field('questionKey')} rules={[{ required: true }]}>
              <Select
                style={{ width: 240 }}
                disabled={disabled}
                options={rating.map((x) => ({ value: x.key, label: x.label }))}
              />
            </LineField>
            <LineField name={field('min')} rules={[{ required: true, type: 'integer', min: 1, max: 5 }]}>
              <InputNumber min={1} max={5} precision={0} disabled={disabled} placeholder={t('trials.selections.min')} />
            </LineField>
            {!disabled && (
              <Button type="link" danger onClick={remove}>
                {t('trials.common.remove')}
              </Button>
            )}
          </Space>
        )}
      />
    </>
  );
}

/** How many applicants the rules being typed take now (the server's count, half a second after the last change). */
function LiveCount() {
  const { t } = useTexts();
  const values = useFormValues<Partial<Values>>();
  const key = JSON.stringify(values ?? {});
  const [debounced, setDebounced] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(key), 500);
    return () => clearTimeout(timer);
  }, [key]);
  const v = JSON.parse(debounced) as Partial<Values>;
  const count = useQuery({
    queryKey: ['trials', 'selections', 'count', debounced],
    queryFn: () => call(selections.count, { body: { trialId: v.trialId as number, rules: rulesOf(v) } }, { silent: true }),
    enabled: Boolean(v.trialId),
  });
  if (!v.trialId) return null;
  return (
    <Statistic
      data-testid="selection-live-count"
      title={t('trials.selections.title')}
      loading={count.isFetching && !count.data}
      value={
        count.data ? t('trials.selections.liveCount', { matched: count.data.matched, applicants: count.data.applicants }) : '—'
      }
    />
  );
}

function SelectionForm({ record, reload }: { record: Selection | null; reload: () => Promise<Selection | null> }) {
  const { t } = useTexts();
  const navigate = useNavigate();
  const save = useSaveSelection();
  const trials = useQuery(trialChoicesQuery());
  const frozen = record?.frozen ?? false;
  return (
    <EditPage<Selection, Values, Selection>
      editor={record ? { mode: 'edit', record } : { mode: 'create' }}
      back={() => navigate(`${P}/selectUser`)}
      title={(e) =>
        e.mode === 'edit' ? t('trials.selections.editTitle', { name: e.record.name }) : t('trials.selections.createTitle')
      }
      intro={() => (frozen ? <Alert type="info" showIcon title={t('trials.selections.frozenNote')} /> : null)}
      readOnly={() => frozen}
      schema={selectionBody}
      fields={[
        {
          name: 'trialId',
          label: t('trials.selections.trial'),
          span: 12,
          disabled: (mode) => mode === 'edit',
          input: (
            <Select
              loading={trials.isPending}
              options={(trials.data?.list ?? []).map((x) => ({ value: x.id, label: `${x.code} (${x.applications})` }))}
              data-testid="selection-trial"
            />
          ),
        },
        { name: 'name', label: t('trials.selections.name'), span: 12, testId: 'selection-name' },
        {
          name: 'countries',
          label: t('trials.selections.countries'),
          input: <Select mode="tags" tokenSeparators={[',', ' ']} disabled={frozen} data-testid="selection-countries" />,
        },
        { name: 'answers', label: t('trials.selections.answers'), bare: true, input: <RuleLines disabled={frozen} /> },
        { name: 'appliedFrom', label: t('trials.selections.appliedFrom'), span: 8, input: <InstantInput /> },
        { name: 'appliedTo', label: t('trials.selections.appliedTo'), span: 8, input: <InstantInput /> },
        {
          name: 'excludeWinnersDays',
          label: t('trials.selections.excludeWinnersDays'),
          span: 8,
          input: <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} data-testid="selection-exclude-days" />,
        },
      ]}
      below={() => <LiveCount />}
      initialValues={(e) =>
        e.mode === 'edit'
          ? { trialId: e.record.trialId, name: e.record.name, ...e.record.rules }
          : { name: '', countries: [], answers: [], ratings: [], appliedFrom: null, appliedTo: null, excludeWinnersDays: null }
      }
      onSubmit={(v, e) =>
        save.mutateAsync({
          id: e.mode === 'edit' ? e.record.id : null,
          version: e.mode === 'edit' ? e.record.version : 0,
          body: { trialId: v.trialId, name: v.name, rules: rulesOf(v) },
        })
      }
      savedText={(s) => t('trials.selections.liveCount', { matched: s.matched, applicants: s.matched })}
      onSaved={(saved) => navigate(`${P}/editSelectUser?id=${saved.id}`)}
      reload={() => reload()}
      saveText={t('trials.selections.save')}
      pageTestId="page-trial-selection-edit"
      testId="selection-form"
      saveTestId="selection-save"
    />
  );
}
