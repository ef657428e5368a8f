/** The action's parameters in its drawer: 1–20 lines of name, type, values (a choice only) and required. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type ActionParam, PARAM_TYPES } from '@bo/contract/appdata/actions';
import { Button, Checkbox, Input, Select, Space } from 'antd';
import { useTexts } from '../../../shared/i18n/lang';
import { FormLines, LineField, useFormValue } from '../../../shared/kit/FormLines';

export function ActionParamsInput() {
  const { t } = useTexts();
  const params = useFormValue<ActionParam[]>('params') ?? [];
  return (
    <FormLines<ActionParam>
      name="params"
      label={t('appData.actions.params')}
      required
      empty={t('appData.actions.noParams')}
      after={(add) =>
        params.length < 20 && (
          <Button
            icon={<PlusOutlined />}
            onClick={() => add({ name: '', type: 'string', values: [], required: false })}
            data-testid="action-param-add"
          >
            {t('appData.actions.addParam')}
          </Button>
        )
      }
      line={({ key, index, field, remove }) => (
        <Space key={key} align="start" wrap data-testid={`action-param-${index}`}>
          <LineField name={field('name')} rules={[{ required: true, pattern: /^[A-Za-z][A-Za-z0-9_]{0,39}$/ }]}>
            <Input
              placeholder={t('appData.actions.paramName')}
              maxLength={40}
              style={{ width: 160 }}
              data-testid={`action-param-name-${index}`}
            />
          </LineField>
          <LineField name={field('type')} rules={[{ required: true }]}>
            <Select
              style={{ width: 110 }}
              options={PARAM_TYPES.map((p) => ({ value: p, label: t(`appData.paramType.${p}`) }))}
              data-testid={`action-param-type-${index}`}
            />
          </LineField>
          <LineField name={field('values')} hidden={params[index]?.type !== 'enum'}>
            <Select
              mode="tags"
              open={false}
              tokenSeparators={[',']}
              placeholder={t('appData.actions.paramValues')}
              style={{ width: 240 }}
              data-testid={`action-param-values-${index}`}
            />
          </LineField>
          <LineField name={field('required')} valuePropName="checked">
            <Checkbox data-testid={`action-param-required-${index}`}>{t('appData.actions.paramRequired')}</Checkbox>
          </LineField>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={remove}
            aria-label={t('appData.actions.removeParam')}
            data-testid={`action-param-remove-${index}`}
          />
        </Space>
      )}
    />
  );
}
