/** The lines of a questionnaire's questions or a trial's form fields, on the kit's FormLines. */
import { FORM_FIELD_TYPES, QUESTION_TYPES } from '@bo/contract/trials/forms';
import { Button, Card, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useTexts } from '../../shared/i18n/lang';
import { FormLines, LineField, useFormValue } from '../../shared/kit/FormLines';
import { OptionsInput } from './parts';

interface LineValue {
  key: string;
  type: string;
  labelZh: string;
  labelEn: string;
  required: boolean;
  options: { value: string; labelZh: string; labelEn: string }[];
  maxLength: number;
}

const CHOICE = new Set(['single', 'multiple', 'choice']);
const TEXT = new Set(['text']);

/** `kind` questions: a questionnaire's; fields: a trial's application form. */
export function QuestionLines({ kind, disabled }: { kind: 'questions' | 'fields'; disabled: boolean }) {
  const { t } = useTexts();
  const lines = useFormValue<LineValue[]>(kind) ?? [];
  const types = kind === 'questions' ? QUESTION_TYPES : FORM_FIELD_TYPES;
  const typeLabel = (x: string) =>
    kind === 'questions' ? t(`trials.questionType.${x as 'single'}`) : t(`trials.fieldType.${x as 'name'}`);
  const blank = (n: number): LineValue => ({
    key: kind === 'questions' ? `q${n}` : `field${n}`,
    type: kind === 'questions' ? 'single' : 'text',
    labelZh: '',
    labelEn: '',
    required: true,
    options: [],
    maxLength: kind === 'questions' ? 500 : 200,
  });
  return (
    <FormLines<LineValue>
      name={kind}
      label={kind === 'questions' ? t('trials.questionnaires.questions') : t('trials.trials.fields')}
      required
      empty={kind === 'questions' ? t('trials.questionnaires.noQuestions') : t('trials.trials.noFields')}
      after={(add) =>
        disabled ? null : (
          <Button onClick={() => add(blank(lines.length + 1))} data-testid={`${kind}-add`}>
            {kind === 'questions' ? t('trials.questionnaires.addQuestion') : t('trials.trials.addField')}
          </Button>
        )
      }
      line={({ key, index, field, remove }) => {
        const type = lines[index]?.type ?? '';
        return (
          <Card key={key} size="small" data-testid={`${kind}-line-${index}`}>
            <Space wrap align="start">
              <LineField name={field('key')} rules={[{ required: true }]}>
                <Input
                  placeholder={t('trials.common.key')}
                  style={{ width: 130 }}
                  disabled={disabled}
                  data-testid={`${kind}-key-${index}`}
                />
              </LineField>
              <LineField name={field('type')} rules={[{ required: true }]}>
                <Select
                  style={{ width: 160 }}
                  disabled={disabled}
                  options={types.map((x) => ({ value: x, label: typeLabel(x) }))}
                  data-testid={`${kind}-type-${index}`}
                />
              </LineField>
              <LineField name={field('labelZh')}>
                <Input placeholder={t('trials.common.labelZh')} style={{ width: 180 }} disabled={disabled} />
              </LineField>
              <LineField name={field('labelEn')}>
                <Input
                  placeholder={t('trials.common.labelEn')}
                  style={{ width: 180 }}
                  disabled={disabled}
                  data-testid={`${kind}-label-${index}`}
                />
              </LineField>
              <Space>
                {t('trials.common.required')}
                <LineField name={field('required')}>
                  <Switch size="small" disabled={disabled} />
                </LineField>
              </Space>
              {!disabled && (
                <Button type="link" danger onClick={remove} data-testid={`${kind}-remove-${index}`}>
                  {t('trials.common.remove')}
                </Button>
              )}
            </Space>
            {CHOICE.has(type) && (
              <LineField name={field('options')}>
                <OptionsInput
                  disabled={disabled}
                  placeholder={t('trials.common.optionsHint')}
                  testId={`${kind}-options-${index}`}
                />
              </LineField>
            )}
            {TEXT.has(type) && (
              <Space>
                {t('trials.common.maxLength')}
                <LineField name={field('maxLength')}>
                  <InputNumber min={1} max={2000} precision={0} disabled={disabled} />
                </LineField>
              </Space>
            )}
          </Card>
        );
      }}
    />
  );
}

/** A line as the contract takes it (options only for a choice). */
export const lineBody = (l: LineValue) => ({
  key: l.key,
  type: l.type,
  labelZh: l.labelZh ?? '',
  labelEn: l.labelEn ?? '',
  required: l.required ?? true,
  options: CHOICE.has(l.type) ? (l.options ?? []) : [],
  maxLength: l.maxLength ?? 200,
});
export type { LineValue };
