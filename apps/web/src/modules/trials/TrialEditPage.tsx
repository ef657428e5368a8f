import { STATUS } from '@bo/contract';
import type { FormField as TrialFormField } from '@bo/contract/trials/forms';
import { TRIAL_MACHINE, type Trial, trialBody } from '@bo/contract/trials/trials';
import { useQuery } from '@tanstack/react-query';
import { Alert, Select, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryStates } from '../../shared/components/QueryStates';
import { isApiError } from '../../shared/http/api-error';
import { useTexts } from '../../shared/i18n/lang';
import { EditPage } from '../../shared/kit/EditPage';
import { ApplicationsPanel } from './ApplicationsPanel';
import { InstantInput } from './parts';
import { type LineValue, lineBody, QuestionLines } from './QuestionLines';
import { P, questionnaireChoicesQuery, trialQuery, useSaveTrial } from './trials.queries';

interface Values {
  code: string;
  sku: string;
  titleZh: string;
  titleEn: string;
  descriptionZh: string;
  descriptionEn: string;
  units: number;
  countries: string[];
  applyStart: string;
  applyEnd: string;
  questionnaireId: number | null;
  fields: LineValue[];
}

/** /user-platform/h5ActivityMaking/editTrialApply[?id=]: a trial's settings and form; its applications under them. */
export default function TrialEditPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const editing = Number.isInteger(id) && id > 0;
  const q = useQuery({ ...trialQuery(editing ? id : 0), enabled: editing });
  if (!editing) return <TrialForm record={null} reload={async () => null} />;
  return (
    <QueryStates pending={q.isPending} error={q.error} onRetry={() => void q.refetch()}>
      {q.data && (
        <TrialForm
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

const NEW_FIELDS: LineValue[] = [
  { key: 'name', type: 'name', labelZh: '', labelEn: '', required: true, options: [], maxLength: 200 },
  { key: 'email', type: 'email', labelZh: '', labelEn: '', required: true, options: [], maxLength: 200 },
  { key: 'country', type: 'country', labelZh: '', labelEn: '', required: true, options: [], maxLength: 200 },
  { key: 'address', type: 'addressLine1', labelZh: '', labelEn: '', required: true, options: [], maxLength: 200 },
  { key: 'city', type: 'city', labelZh: '', labelEn: '', required: true, options: [], maxLength: 200 },
  { key: 'postal_code', type: 'postalCode', labelZh: '', labelEn: '', required: true, options: [], maxLength: 200 },
];

function TrialForm({ record, reload }: { record: Trial | null; reload: () => Promise<Trial | null> }) {
  const { t, lang } = useTexts();
  const navigate = useNavigate();
  const save = useSaveTrial();
  const choices = useQuery(questionnaireChoicesQuery());
  const state = record?.state ?? 'draft';
  const open = state === 'open';
  const readOnly = state !== 'draft' && state !== 'open';
  const stateLabel = TRIAL_MACHINE.states[state].label[lang === 'zh-CN' ? 'zh' : 'en'];
  const publicUrl = record ? `${window.location.origin}/trial/${record.code}` : null;
  return (
    <EditPage<Trial, Values, Trial>
      editor={record ? { mode: 'edit', record } : { mode: 'create' }}
      back={() => navigate(`${P}/trialApply`)}
      title={(e) => (e.mode === 'edit' ? t('trials.trials.editTitle', { code: e.record.code }) : t('trials.trials.createTitle'))}
      subtitle={() => stateLabel}
      intro={() => (
        <>
          {open && <Alert type="info" showIcon title={t('trials.trials.frozenNote')} />}
          {readOnly && <Alert type="info" showIcon title={t('trials.trials.readOnlyNote', { state: stateLabel })} />}
          {publicUrl && state !== 'draft' && (
            <Typography.Paragraph>
              {t('trials.trials.publicUrl')}:{' '}
              <Typography.Link href={publicUrl} target="_blank" data-testid="trial-public-url">
                {publicUrl}
              </Typography.Link>
            </Typography.Paragraph>
          )}
        </>
      )}
      readOnly={() => readOnly}
      schema={trialBody}
      fields={[
        {
          name: 'code',
          label: t('trials.trials.code'),
          extra: t('trials.trials.codeHint'),
          span: 12,
          disabled: () => open,
          testId: 'trial-code',
        },
        {
          name: 'sku',
          label: t('trials.trials.sku'),
          extra: t('trials.trials.skuHint'),
          span: 12,
          disabled: () => open,
          testId: 'trial-sku',
        },
        {
          name: 'titleZh',
          input: 'bilingual',
          label: t('trials.trials.titleZh'),
          pair: { name: 'titleEn', label: t('trials.trials.titleEn'), testId: 'trial-title-en' },
          requireOne: true,
          testId: 'trial-title-zh',
        },
        {
          name: 'descriptionZh',
          input: 'bilingual',
          label: t('trials.trials.descriptionZh'),
          pair: { name: 'descriptionEn', label: t('trials.trials.descriptionEn') },
        },
        { name: 'units', input: 'number', label: t('trials.trials.units'), span: 8, testId: 'trial-units' },
        {
          name: 'countries',
          label: t('trials.trials.countries'),
          extra: t('trials.trials.countriesHint'),
          span: 16,
          input: <Select mode="tags" tokenSeparators={[',', ' ']} data-testid="trial-countries" />,
        },
        {
          name: 'applyStart',
          label: t('trials.trials.applyStart'),
          span: 12,
          input: <InstantInput testId="trial-apply-start" />,
        },
        { name: 'applyEnd', label: t('trials.trials.applyEnd'), span: 12, input: <InstantInput testId="trial-apply-end" /> },
        {
          name: 'questionnaireId',
          label: t('trials.trials.questionnaire'),
          disabled: () => open,
          input: (
            <Select
              allowClear
              placeholder={t('trials.trials.noQuestionnaire')}
              loading={choices.isPending}
              options={(choices.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.questions})` }))}
              data-testid="trial-questionnaire"
            />
          ),
        },
        {
          name: 'fields',
          label: t('trials.trials.fields'),
          bare: true,
          input: <QuestionLines kind="fields" disabled={open || readOnly} />,
        },
      ]}
      initialValues={(e) =>
        e.mode === 'edit'
          ? { ...e.record, fields: e.record.fields as LineValue[] }
          : {
              code: '',
              sku: '',
              titleZh: '',
              titleEn: '',
              descriptionZh: '',
              descriptionEn: '',
              units: 10,
              countries: [],
              applyStart: new Date(Date.now() + 86_400_000).toISOString(),
              applyEnd: new Date(Date.now() + 15 * 86_400_000).toISOString(),
              questionnaireId: null,
              fields: NEW_FIELDS,
            }
      }
      onSubmit={(v, e) =>
        save.mutateAsync({
          id: e.mode === 'edit' ? e.record.id : null,
          version: e.mode === 'edit' ? e.record.version : 0,
          body: {
            code: v.code,
            sku: v.sku,
            titleZh: v.titleZh ?? '',
            titleEn: v.titleEn ?? '',
            descriptionZh: v.descriptionZh ?? '',
            descriptionEn: v.descriptionEn ?? '',
            units: v.units,
            countries: v.countries ?? [],
            applyStart: v.applyStart,
            applyEnd: v.applyEnd,
            questionnaireId: v.questionnaireId ?? null,
            fields: (v.fields ?? []).map(lineBody) as TrialFormField[],
          },
        })
      }
      conflict={() => ({ field: 'code', text: t('trials.trials.code') })}
      savedText={() => t('trials.common.saved')}
      onSaved={(saved) => navigate(`${P}/editTrialApply?id=${saved.id}`)}
      reload={() => reload()}
      saveText={t('trials.trials.save')}
      after={(e) => (e.mode === 'edit' ? <ApplicationsPanel trial={e.record} /> : null)}
      pageTestId="page-trial-edit"
      testId="trial-form"
      saveTestId="trial-save"
    />
  );
}
