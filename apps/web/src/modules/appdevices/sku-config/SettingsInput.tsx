/**
 * A SKU's settings in the edit drawer: one row per setting, a key of the declared list (each once:
 * a key already used is not offered again) and its value in the key's own input (a switch, a
 * number within the key's range and step, a choice, a text). A new key starts at its default.
 * The server's codes land on the row's field (`settings.2.value`).
 */
import { SETTING_KEYS, type SettingDef, type SettingKey, SKU_SETTINGS } from '@bo/contract/appdevices/sku-config';
import { Col, Form, Input, InputNumber, Row, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../shared/i18n/lang';
import { AddRowFooter, RemoveRowButton } from '../components/RowButtons';

const T = 'appDevices.skuConfig';

/** A key's starting value: off, the top of its range, its first choice, empty. */
export function defaultValue(key: SettingKey): boolean | number | string {
  const def: SettingDef = SKU_SETTINGS[key];
  if (def.type === 'boolean') return false;
  if (def.type === 'number') return def.max;
  if (def.type === 'enum') return def.options[0] ?? '';
  return '';
}

function ValueInput({
  def,
  testId,
  ...rest
}: {
  def: SettingDef;
  testId: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
  if (def.type === 'boolean')
    return <Switch checked={rest.value === true} onChange={(v) => rest.onChange?.(v)} data-testid={testId} />;
  if (def.type === 'number')
    return (
      <InputNumber
        value={typeof rest.value === 'number' ? rest.value : null}
        onChange={(v) => rest.onChange?.(v)}
        min={def.min}
        max={def.max}
        step={def.step}
        suffix={def.unit || undefined}
        style={{ width: '100%' }}
        data-testid={testId}
      />
    );
  if (def.type === 'enum')
    return (
      <Select
        value={rest.value as string}
        onChange={(v) => rest.onChange?.(v)}
        options={def.options.map((o) => ({ value: o, label: o }))}
        data-testid={testId}
      />
    );
  return (
    <Input
      value={String(rest.value ?? '')}
      onChange={(e) => rest.onChange?.(e.target.value)}
      maxLength={def.maxLength}
      data-testid={testId}
    />
  );
}

export function SettingsInput() {
  const { t } = useTranslation();
  const zh = useLang() === 'zh-CN';
  const form = Form.useFormInstance();
  const used = (): SettingKey[] =>
    ((form.getFieldValue('settings') as { key?: SettingKey }[] | undefined) ?? []).flatMap((s) => (s?.key ? [s.key] : []));
  const label = (k: SettingKey) => {
    const def: SettingDef = SKU_SETTINGS[k];
    const rule = def.type === 'number' ? ` (${def.min}–${def.max}${def.unit})` : '';
    return `${zh ? def.label.zh : def.label.en}${rule}`;
  };
  return (
    <Form.List name="settings">
      {(rows, { add, remove }, { errors }) => (
        <Form.Item label={t(`${T}.field.settings`)} extra={t(`${T}.field.settingsHint`)} required>
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="sku-settings">
            {rows.map((row, i) => (
              <Row key={row.key} gutter={8} wrap={false} align="top">
                <Col flex="260px">
                  <Form.Item noStyle dependencies={[['settings']]}>
                    {() => {
                      const mine = form.getFieldValue(['settings', row.name, 'key']) as SettingKey | undefined;
                      const taken = used().filter((k) => k !== mine);
                      return (
                        <Form.Item name={[row.name, 'key']} style={{ marginBottom: 6 }}>
                          <Select
                            options={SETTING_KEYS.filter((k) => !taken.includes(k)).map((k) => ({ value: k, label: label(k) }))}
                            onChange={(k: SettingKey) => form.setFieldValue(['settings', row.name, 'value'], defaultValue(k))}
                            data-testid={`sku-setting-${i}-key`}
                          />
                        </Form.Item>
                      );
                    }}
                  </Form.Item>
                </Col>
                <Col flex="auto">
                  <Form.Item noStyle dependencies={[['settings', row.name, 'key']]}>
                    {() => {
                      const key = form.getFieldValue(['settings', row.name, 'key']) as SettingKey | undefined;
                      return key ? (
                        <Form.Item name={[row.name, 'value']} style={{ marginBottom: 6 }}>
                          <ValueInput def={SKU_SETTINGS[key]} testId={`sku-setting-${i}-value`} />
                        </Form.Item>
                      ) : null;
                    }}
                  </Form.Item>
                </Col>
                <Col flex="32px">
                  <RemoveRowButton
                    disabled={rows.length <= 1}
                    onClick={() => remove(row.name)}
                    label={t(`${T}.field.settingRemove`)}
                    testId={`sku-setting-${i}-remove`}
                  />
                </Col>
              </Row>
            ))}
            <AddRowFooter
              disabled={rows.length >= SETTING_KEYS.length}
              onClick={() => {
                const key = SETTING_KEYS.find((k) => !used().includes(k));
                if (key) add({ key, value: defaultValue(key) });
              }}
              testId="sku-setting-add"
              errors={errors}
            >
              {t(`${T}.field.settingAdd`)}
            </AddRowFooter>
          </Space>
        </Form.Item>
      )}
    </Form.List>
  );
}
