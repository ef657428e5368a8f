import { STATUS } from '@bo/contract';
import type { Question } from '@bo/contract/trials/forms';
import { questionnaireBody, type Questionnaire } from '@bo/contract/trials/trials';
import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryStates } from '../../shared/components/QueryStates';
import { isApiError } from '../../shared/http/api-error';
import { useTexts } from '../../shared/i18n/lang';
import { EditPage } from '../../shared/kit/EditPage';
import { type LineValue, lineBody, QuestionLines } from './QuestionLines';
import { P, questionnaireQuery, useSaveQuestionnaire } from './trials.queries';

interface Values {
  name: string;
  descriptionZh: string;
  descriptionEn: string;
  questions: LineValue[];
}

/** /user-platform/h5ActivityMaking/editTrialQuestionnaire[?id=]: one page to add or change a questionnaire. */
export default function QuestionnaireEditPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const editing = Number.isInteger(id) && id > 0;
  const q = useQuery({ ...questionnaireQuery(editing ? id : 0), enabled: editing });
  if (!editing) return <QuestionnaireForm record={null} reload={async () => null} />;
  return (
    <QueryStates pending={q.isPending} error={q.error} onRetry={() => void q.refetch()}>
      {q.data && (
        <QuestionnaireForm
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

function QuestionnaireForm({ record, reload }: { record: Questionnaire | null; reload: () => Promise<Questionnaire | null> }) {
  const { t } = useTexts();
  const navigate = useNavigate();
  const save = useSaveQuestionnaire();
  const locked = record?.locked ?? false;
  return (
    <EditPage<Questionnaire, Values, Questionnaire>
      editor={record ? { mode: 'edit', record } : { mode: 'create' }}
      back={() => navigate(`${P}/trialQuestionnaire`)}
      title={(e) =>
        e.mode === 'edit' ? t('trials.questionnaires.editTitle', { name: e.record.name }) : t('trials.questionnaires.createTitle')
      }
      intro={() => (locked ? <Alert type="info" showIcon title={t('trials.questionnaires.lockedNote')} /> : null)}
      readOnly={() => locked}
      schema={questionnaireBody}
      fields={[
        { name: 'name', label: t('trials.questionnaires.name'), testId: 'questionnaire-name' },
        {
          name: 'descriptionZh',
          input: 'bilingual',
          label: t('trials.questionnaires.descriptionZh'),
          pair: { name: 'descriptionEn', label: t('trials.questionnaires.descriptionEn') },
        },
        {
          name: 'questions',
          label: t('trials.questionnaires.questions'),
          bare: true,
          input: <QuestionLines kind="questions" disabled={locked} />,
        },
      ]}
      initialValues={(e) =>
        e.mode === 'edit'
          ? { ...e.record, questions: e.record.questions as LineValue[] }
          : { name: '', descriptionZh: '', descriptionEn: '', questions: [] }
      }
      onSubmit={(v, e) =>
        save.mutateAsync({
          id: e.mode === 'edit' ? e.record.id : null,
          version: e.mode === 'edit' ? e.record.version : 0,
          body: {
            name: v.name,
            descriptionZh: v.descriptionZh ?? '',
            descriptionEn: v.descriptionEn ?? '',
            questions: (v.questions ?? []).map(lineBody) as Question[],
          },
        })
      }
      savedText={() => t('trials.common.saved')}
      onSaved={(saved) => navigate(`${P}/editTrialQuestionnaire?id=${saved.id}`)}
      reload={() => reload()}
      saveText={t('trials.questionnaires.save')}
      pageTestId="page-trial-questionnaire-edit"
      testId="questionnaire-form"
      saveTestId="questionnaire-save"
    />
  );
}
