/**
 * The form core the kit's edit drawer and edit page share: the fields drawn from the contract's
 * body schema (required, lengths, ranges, enums), fields that depend on the values being typed
 * (`visible`, `disabled`, `options`, an input drawn from the values), the server's field errors
 * on their fields, the stale-version (409) banner with Reload, the screen's check before saving,
 * a read-only form, and the guard against losing unsaved changes (`useUnsavedGuard`).
 * `EditDrawer` puts it in a drawer, `EditPage` on a page of its own.
 */

import { HistoryOutlined } from '@ant-design/icons';
import { fieldText } from '@bo/contract';
import {
  Alert,
  App,
  Button,
  Col,
  ConfigProvider,
  DatePicker,
  Divider,
  Form,
  type FormRule,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  theme,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactElement, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import type { z } from 'zod';
import { useNotify } from '../components/use-notify';
import { useEditFormProblem } from '../forms/edit-form-problem';
import { FormProblemAlerts } from '../forms/FormProblemAlerts';
import { zodRule } from '../forms/form-rules';
import { useLang } from '../i18n/lang';
import { BilingualInput, oneOfTwoRule, type TextPair } from './BilingualInput';
import type { Option } from './FilterBar';
import { bodyShape, type FieldMeta, fieldMeta } from './schema-meta';

/** `create` may start from a record (a product that has no model info yet); `copy` starts from another one's values. */
export type Editor<R> = { mode: 'create'; record?: R } | { mode: 'edit'; record: R } | { mode: 'copy'; record: R };
export type EditorMode = Editor<unknown>['mode'];

/** The form's values as they stand while the user types (what a dependent field is drawn from). */
export type LiveValues<V> = Partial<V>;

export interface FormField<V> {
  name: Extract<keyof V, string>;
  label: ReactNode;
  /**
   * The input: one the kit draws from the schema, or the screen's own element, or an element
   * drawn from the form's current values (a picker whose choices follow another field).
   * `bilingual`: a text in Chinese (this field) and in English (`pair`), side by side.
   */
  input?:
    | 'text'
    | 'textarea'
    | 'number'
    | 'select'
    | 'radio'
    | 'switch'
    | 'bilingual'
    | 'date'
    | ReactElement
    | ((values: LiveValues<V>) => ReactElement);
  /** The element brings its own Form.Item(s) and rules (a password and its confirmation): drawn as it is. */
  bare?: boolean;
  /**
   * Shows what `input` draws from the values being typed (a live preview) under the field's label
   * and `extra`: bound to no value, never checked and never sent. `extra` may follow the values too.
   */
  display?: boolean;
  /** The English side of a `bilingual` field. */
  pair?: { name: Extract<keyof V, string>; label: ReactNode; testId?: string };
  /** A `bilingual` field needs one of its two texts (the other falls back to it). */
  requireOne?: boolean;
  /** A `bilingual` field's pairs in use: each side suggests its texts, a pick fills the other side. */
  pairs?: readonly TextPair[];
  /** Choices of a select or radio (fixed, or given the current values); an enum field without them shows its values. */
  options?: readonly Option[] | ((values: LiveValues<V>) => readonly Option[]);
  /** Columns of 24 the field takes (12: two side by side, 8: three); all of them by default. */
  span?: number;
  /** A heading above the field that starts a group of fields ("Package"). */
  section?: ReactNode;
  extra?: ReactNode | ((values: LiveValues<V>) => ReactNode);
  placeholder?: string;
  precision?: number;
  normalize?: (value: unknown) => unknown;
  /** Not editable (e.g. the SKU of an existing link): true, or per mode and the current values. */
  disabled?: boolean | ((mode: EditorMode, values: LiveValues<V>) => boolean);
  /** Left out of the form in these modes. */
  hiddenIn?: readonly EditorMode[];
  /**
   * Shown only while this holds for the current values (the weekday of a weekly schedule). A
   * field not shown is neither checked nor sent.
   */
  visible?: (values: LiveValues<V>, mode: EditorMode) => boolean;
  /**
   * When the user changes this field, the other fields' new values (switching a table to RGBW
   * gives every point a white gain): given the field's new value and all the values.
   */
  effects?: (value: unknown, values: LiveValues<V>) => Partial<V>;
  rules?: FormRule[];
  testId?: string;
}

/** What a screen gives the kit's form, in a drawer or on a page. */
export interface EditFormProps<R, V extends object, S> {
  /** The body schema the fields' rules come from (the create body; `updateSchema` for edits when it differs). */
  schema: z.ZodType;
  updateSchema?: z.ZodType;
  fields: readonly FormField<V>[] | ((editor: Editor<R>) => readonly FormField<V>[]);
  initialValues: (editor: Editor<R>) => Partial<V>;
  /** Saves; rejects with the server's error, which lands on the fields or in a banner. */
  onSubmit: (values: V, editor: Editor<R>) => Promise<S>;
  /** The success message. */
  savedText: (saved: S, editor: Editor<R>) => string;
  /** The record as the server has it now (for the stale banner's Reload); null when it is gone. */
  reload?: (record: R) => Promise<R | null>;
  /** The record reloaded: the screen opens the form again with it. */
  onReloaded?: (record: R) => void;
  /** Where a 409 that is not a stale version goes (a taken name), per mode. */
  conflict?: (editor: Editor<R>) => { field: string; text: string } | undefined;
  /** Shown under the banners, above the fields (a hint, a preview). */
  intro?: (editor: Editor<R>) => ReactNode;
  /** Inside the form, under the fields (live checks, a preview: `Form.useWatch` reads the values). */
  below?: (editor: Editor<R>) => ReactNode;
  /** Buttons left of Cancel / Save (Copy, a state action). */
  extraActions?: (editor: Editor<R>) => ReactNode;
  /** When editing: a History button left of the others that opens the record's history. */
  history?: { open: (record: R) => void; testId: string };
  /** Shown, not changed (the caller may read but not edit): every field disabled, no Save. */
  readOnly?: (editor: Editor<R>) => boolean;
  /** A refusal the screen finds before saving (a linter's error): shown as a banner, nothing is sent. */
  beforeSubmit?: (values: V, editor: Editor<R>) => { title: string; testId?: string } | null;
  /** After a save, instead of closing: the screen opens what comes next (the new record, in edit mode). */
  onSaved?: (saved: S, editor: Editor<R>) => Promise<void> | void;
  /** The Save button's text ("Save as new version"); Save by default. */
  saveText?: ReactNode;
  testId?: string;
  saveTestId?: string;
}

type AnyDisabled = boolean | ((mode: EditorMode, values: never) => boolean) | undefined;
const isDisabled = (d: AnyDisabled, mode: EditorMode, values: object) =>
  typeof d === 'function' ? d(mode, values as never) : Boolean(d);

/**
 * A `date` field holds the contract's day text (`YYYY-MM-DD`) or null; the picker works on a
 * dayjs value, so the form item converts both ways and the body schema sees the text.
 */
const DAY = 'YYYY-MM-DD';
const dayValueProps = (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v, DAY) : null });
const dayNormalize =
  (next?: (value: unknown) => unknown) =>
  (v: Dayjs | null): unknown => {
    const text = v ? v.format(DAY) : null;
    return next ? next(text) : text;
  };

/** Whether a field is drawn from the values being typed (the form then follows them). */
const dependsOnValues = <V,>(f: FormField<V>) =>
  typeof f.extra === 'function' ||
  typeof f.visible === 'function' ||
  typeof f.disabled === 'function' ||
  typeof f.options === 'function' ||
  typeof f.input === 'function';

function inputFor<V>(f: FormField<V>, meta: FieldMeta, disabled: boolean, values: LiveValues<V>): ReactNode {
  const common = { disabled, placeholder: f.placeholder, 'data-testid': f.testId };
  if (typeof f.input === 'function') return f.input(values);
  if (f.input && typeof f.input === 'object') return f.input;
  const kind =
    f.input ??
    (meta.kind === 'number' ? 'number' : meta.kind === 'boolean' ? 'switch' : meta.kind === 'enum' ? 'select' : 'text');
  const given = typeof f.options === 'function' ? f.options(values) : f.options;
  const options = (given ?? meta.options?.map((v) => ({ value: v, label: String(v) })) ?? []) as Option[];
  switch (kind) {
    case 'textarea':
      return <Input.TextArea {...common} maxLength={meta.maxLength} autoSize={{ minRows: 2, maxRows: 6 }} />;
    case 'number':
      return <InputNumber {...common} min={meta.min} max={meta.max} precision={f.precision} style={{ width: '100%' }} />;
    case 'select':
      return (
        <Select
          {...common}
          allowClear={!meta.required}
          options={options}
          showSearch={options.length > 8 ? { optionFilterProp: 'label' } : undefined}
        />
      );
    case 'radio':
      return <Radio.Group disabled={disabled} optionType="button" options={options as never} data-testid={f.testId} />;
    case 'switch':
      return <Switch disabled={disabled} data-testid={f.testId} />;
    case 'date':
      return (
        <DatePicker
          {...common}
          placeholder={f.placeholder ?? DAY}
          format={DAY}
          allowClear={!meta.required || meta.nullable}
          style={{ width: '100%' }}
        />
      );
    default:
      return <Input {...common} maxLength={meta.maxLength} autoComplete="off" />;
  }
}

/** A field's rules: the body schema's own check (or "required" for an enum), then the screen's. */
function rulesFor(field: z.ZodType | undefined, meta: FieldMeta, extra: readonly FormRule[], lang: ReturnType<typeof useLang>) {
  return [
    // An enum: "required" from the schema; anything else: the schema itself checks the
    // value (and says "required" when it is empty). A nullable field may stay empty.
    ...(field && meta.kind !== 'enum'
      ? [zodRule(field, lang, { optional: !meta.required || meta.nullable })]
      : meta.required && !meta.nullable
        ? [{ required: true, message: fieldText('required', lang) }]
        : []),
    ...extra,
  ];
}

const NO_META: FieldMeta = { required: false, nullable: true, kind: 'other' };
const NOTHING = () => null;
const EVERYTHING = <T,>(values: T) => values;

/**
 * The form itself. `surface` is what it sits on (a drawer or a page's card): the Save bar that
 * sticks to the bottom takes its colour.
 */
export function EditForm<R, V extends object, S>(
  props: EditFormProps<R, V, S> & {
    editor: Editor<R>;
    onDirty: (dirty: boolean) => void;
    close: () => void;
    surface: 'drawer' | 'page';
  },
) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const lang = useLang();
  const notify = useNotify();
  const { editor } = props;
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);
  const reloadRecord = async () => {
    if (editor.mode !== 'edit' || !props.reload) return;
    const fresh = await props.reload(editor.record);
    if (fresh) props.onReloaded?.(fresh);
    else {
      notify.error(t('kit.gone'));
      props.close();
    }
  };
  const { problem, clear, report, reload, reloading } = useEditFormProblem(form, reloadRecord);
  const schema = editor.mode === 'edit' && props.updateSchema ? props.updateSchema : props.schema;
  const shape = bodyShape(schema) ?? {};
  const allFields = (typeof props.fields === 'function' ? props.fields(editor) : props.fields).filter(
    (f) => !f.hiddenIn?.includes(editor.mode),
  );
  const initial = props.initialValues(editor);
  // Only a form with dependent fields follows every keystroke; the others render as before.
  const dependent = allFields.some(dependsOnValues);
  const watched = Form.useWatch<V, LiveValues<V> | null>(dependent ? EVERYTHING : NOTHING, { form, preserve: true });
  const values: LiveValues<V> = { ...initial, ...(watched ?? {}) };
  const fields = allFields.filter((f) => f.visible?.(values, editor.mode) ?? true);
  const readOnly = props.readOnly?.(editor) ?? false;
  const [refusal, setRefusal] = useState<{ title: string; testId?: string } | null>(null);
  const metaOf = (name: string) => {
    const field = shape[name];
    return { field, meta: field ? fieldMeta(field) : NO_META };
  };

  const submit = async (submitted: V) => {
    clear();
    const refused = props.beforeSubmit?.(submitted, editor) ?? null;
    setRefusal(refused);
    if (refused) return;
    setSaving(true);
    try {
      const saved = await props.onSubmit(submitted, editor);
      props.onDirty(false);
      notify.success(props.savedText(saved, editor));
      if (props.onSaved) await props.onSaved(saved, editor);
      else props.close();
    } catch (err) {
      const names = fields.flatMap((f) => (f.pair ? [f.name, f.pair.name] : [f.name]));
      report(err, { fields: names, conflict: props.conflict?.(editor) });
    } finally {
      setSaving(false);
    }
  };

  /** The two sides of a bilingual field, each half the row. */
  const bilingual = (f: FormField<V>, disabled: boolean) => {
    const pair = f.pair;
    if (!pair) return null;
    const sides = [
      { side: 'zh' as const, name: f.name, label: f.label, other: pair.name, testId: f.testId },
      { side: 'en' as const, name: pair.name, label: pair.label, other: f.name, testId: pair.testId },
    ];
    return sides.map((s) => {
      const { field, meta } = metaOf(s.name);
      const rules = disabled
        ? []
        : rulesFor(
            field,
            meta,
            [...(f.requireOne ? [oneOfTwoRule(s.other, t('kit.bilingual.oneOfTwo'))] : []), ...(f.rules ?? [])],
            lang,
          );
      return (
        <Col key={s.name} xs={24} md={12}>
          <Form.Item name={s.name as never} label={s.label} rules={rules} dependencies={f.requireOne ? [s.other] : undefined}>
            <BilingualInput
              side={s.side}
              otherName={s.other}
              form={form}
              pairs={f.pairs}
              maxLength={meta.maxLength}
              disabled={disabled}
              testId={s.testId}
            />
          </Form.Item>
        </Col>
      );
    });
  };

  return (
    <Form<V>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      onValuesChange={(changed: Partial<V>, all: V) => {
        props.onDirty(true);
        setRefusal(null);
        for (const f of allFields)
          if (f.effects && f.name in changed) form.setFieldsValue(f.effects(changed[f.name], all) as never);
      }}
      disabled={readOnly}
      initialValues={initial as never}
      data-testid={props.testId}
    >
      <FormProblemAlerts
        problem={problem}
        stale={{ title: t('kit.stale.title'), text: t('kit.stale.text'), testId: 'kit-stale' }}
        reload={props.reload ? { onClick: () => void reload(), loading: reloading, testId: 'kit-stale-reload' } : undefined}
        errorTestId="kit-form-error"
      />
      {refusal && <Alert type="error" showIcon className="bo-form-alert" title={refusal.title} data-testid={refusal.testId} />}
      {props.intro?.(editor)}
      <Row gutter={16}>
        {fields.map((f) => {
          if (f.bare)
            return (
              <Col key={f.name} span={24}>
                {typeof f.input === 'function' ? f.input(values) : (f.input as ReactElement)}
              </Col>
            );
          const extra = typeof f.extra === 'function' ? f.extra(values) : f.extra;
          if (f.display)
            return (
              <Col key={f.name} xs={24} md={f.span ?? 24}>
                <Form.Item label={f.label || undefined} extra={extra}>
                  {typeof f.input === 'function' ? f.input(values) : (f.input as ReactElement)}
                </Form.Item>
              </Col>
            );
          const { field, meta } = metaOf(f.name);
          const disabled = readOnly || isDisabled(f.disabled as AnyDisabled, editor.mode, values);
          const rules: FormRule[] = disabled ? [] : rulesFor(field, meta, f.rules ?? [], lang);
          const section = f.section && (
            <Col key={`${f.name}:section`} span={24}>
              <Divider titlePlacement="start" plain>
                {f.section}
              </Divider>
            </Col>
          );
          if (f.input === 'bilingual') return [section, bilingual(f, disabled)];
          return [
            section,
            <Col key={f.name} xs={24} md={f.span ?? 24}>
              <Form.Item
                name={f.name as never}
                label={f.label}
                extra={extra}
                rules={rules}
                normalize={f.input === 'date' ? dayNormalize(f.normalize) : f.normalize}
                getValueProps={f.input === 'date' ? dayValueProps : undefined}
                valuePropName={(f.input ?? (meta.kind === 'boolean' ? 'switch' : '')) === 'switch' ? 'checked' : 'value'}
              >
                {inputFor(f, meta, disabled, values)}
              </Form.Item>
            </Col>,
          ];
        })}
      </Row>
      {props.below?.(editor)}
      {/* A read-only form disables its inputs, not History or Close. */}
      <ConfigProvider componentDisabled={false}>
        {/* Sticks to the bottom while a long form scrolls: Save is never below the fold. */}
        <Space
          style={{
            width: '100%',
            justifyContent: 'flex-end',
            position: 'sticky',
            bottom: 0,
            zIndex: 2,
            padding: '12px 0',
            background: props.surface === 'drawer' ? token.colorBgElevated : token.colorBgContainer,
            borderTop: `1px solid ${token.colorSplit}`,
          }}
        >
          {props.history && editor.mode === 'edit' && editor.record && (
            <Button
              icon={<HistoryOutlined />}
              onClick={() => editor.record && props.history?.open(editor.record)}
              data-testid={props.history.testId}
            >
              {t('kit.history.open')}
            </Button>
          )}
          {props.extraActions?.(editor)}
          <Button onClick={props.close}>{readOnly ? t('kit.close') : t('common.cancel')}</Button>
          {!readOnly && (
            <Button type="primary" htmlType="submit" loading={saving} data-testid={props.saveTestId}>
              {props.saveText ?? t('common.save')}
            </Button>
          )}
        </Space>
      </ConfigProvider>
    </Form>
  );
}

/**
 * Unsaved changes, and the questions they raise: leaving the screen (or closing the tab) while
 * `open` and dirty asks first; `askDiscard` asks before an in-place close (a drawer's ×).
 */
export function useUnsavedGuard(open: boolean) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [dirty, setDirtyState] = useState(false);
  // Read by the blocker when a navigation starts: a save's `onSaved` may navigate in the same
  // tick that marked the form clean, before a render has passed the new state on.
  const dirtyNow = useRef(false);
  const setDirty = useCallback((d: boolean) => {
    dirtyNow.current = d;
    setDirtyState(d);
  }, []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => open && dirtyNow.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('kit.unsaved.title'),
      content: t('kit.unsaved.text'),
      okText: t('kit.unsaved.leave'),
      cancelText: t('kit.unsaved.stay'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
  useEffect(() => {
    if (!open || !dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [open, dirty]);
  useEffect(() => {
    if (!open) setDirty(false);
  }, [open, setDirty]);

  const askDiscard = (discard: () => void) => {
    if (!dirty) return discard();
    modal.confirm({
      title: t('kit.unsaved.title'),
      content: t('kit.unsaved.text'),
      okText: t('kit.unsaved.discard'),
      cancelText: t('kit.unsaved.stay'),
      okButtonProps: { danger: true, 'data-testid': 'kit-discard-changes' } as never,
      onOk: discard,
    });
  };
  return { dirty, setDirty, askDiscard };
}

/** A key that starts the form again when the record it edits changes (a reload after a stale refusal). */
export const editorKey = (editor: Editor<unknown> | null) =>
  editor === null ? 'closed' : `${editor.mode}:${JSON.stringify(editor.record ?? null)}`;
