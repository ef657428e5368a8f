/**
 * The edit drawer of the kit: one form for create, edit and copy, its rules read from the
 * contract's body schema (required, lengths, ranges, enums), the server's field errors on
 * their fields, the stale-version (409) banner with Reload, and a guard against losing
 * unsaved changes (closing the drawer, leaving the screen, closing the tab).
 *
 * A screen declares its fields and what saving does:
 *
 *   <EditDrawer editor={editor} onClose={close} schema={ep.createLink.body} fields={FIELDS}
 *     initialValues={(e) => …} onSubmit={(values, e) => …} reload={(record) => …} />
 *
 * When a field or the initial values need data first (a role's permission tree and what the
 * role holds), `needs` holds the form back: a skeleton while it loads, an error with Retry
 * if it failed (`queriesNeeded(...)` in form-needs.ts builds it from queries).
 */
import { fieldText } from '@bo/contract';
import {
  Alert,
  App,
  Button,
  Col,
  ConfigProvider,
  Divider,
  Drawer,
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
import { type ReactElement, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import type { z } from 'zod';
import { QueryStates } from '../components/QueryStates';
import { useNotify } from '../components/use-notify';
import { useEditFormProblem } from '../forms/edit-form-problem';
import { zodRule } from '../forms/form-rules';
import { useLang } from '../i18n/lang';
import { BilingualInput, oneOfTwoRule, type TextPair } from './BilingualInput';
import type { Option } from './FilterBar';
import type { FormNeeds } from './form-needs';
import { bodyShape, type FieldMeta, fieldMeta } from './schema-meta';

/** `create` may start from a record (a product that has no model info yet); `copy` starts from another one's values. */
export type Editor<R> = { mode: 'create'; record?: R } | { mode: 'edit'; record: R } | { mode: 'copy'; record: R };
export type EditorMode = Editor<unknown>['mode'];

export interface FormField<V> {
  name: Extract<keyof V, string>;
  label: ReactNode;
  /**
   * The input: one the kit draws from the schema, or the screen's own element. `bilingual`: a
   * text in Chinese (this field) and in English (`pair`), side by side.
   */
  input?: 'text' | 'textarea' | 'number' | 'select' | 'radio' | 'switch' | 'bilingual' | ReactElement;
  /** The element brings its own Form.Item(s) and rules (a password and its confirmation): drawn as it is. */
  bare?: boolean;
  /** The English side of a `bilingual` field. */
  pair?: { name: Extract<keyof V, string>; label: ReactNode; testId?: string };
  /** A `bilingual` field needs one of its two texts (the other falls back to it). */
  requireOne?: boolean;
  /** A `bilingual` field's pairs in use: each side suggests its texts, a pick fills the other side. */
  pairs?: readonly TextPair[];
  /** Choices of a select or radio; an enum field without them shows its values. */
  options?: readonly Option[];
  /** Columns of 24 the field takes (12: two side by side, 8: three); all of them by default. */
  span?: number;
  /** A heading above the field that starts a group of fields ("Package"). */
  section?: ReactNode;
  extra?: ReactNode;
  placeholder?: string;
  precision?: number;
  normalize?: (value: unknown) => unknown;
  /** Not editable (e.g. the SKU of an existing link): true, or per mode. */
  disabled?: boolean | ((mode: EditorMode) => boolean);
  /** Left out of the form in these modes. */
  hiddenIn?: readonly EditorMode[];
  rules?: FormRule[];
  testId?: string;
}

export interface EditDrawerProps<R, V extends object, S> {
  editor: Editor<R> | null;
  onClose: () => void;
  title: (editor: Editor<R>) => ReactNode;
  /** The body schema the fields' rules come from (the create body; `updateSchema` for edits when it differs). */
  schema: z.ZodType;
  updateSchema?: z.ZodType;
  fields: readonly FormField<V>[] | ((editor: Editor<R>) => readonly FormField<V>[]);
  initialValues: (editor: Editor<R>) => Partial<V>;
  /** Data the fields or the initial values need: the form opens once it has loaded. */
  needs?: FormNeeds;
  /** Saves; rejects with the server's error, which lands on the fields or in a banner. */
  onSubmit: (values: V, editor: Editor<R>) => Promise<S>;
  /** The success message. */
  savedText: (saved: S, editor: Editor<R>) => string;
  /** The record as the server has it now (for the stale banner's Reload); null when it is gone. */
  reload?: (record: R) => Promise<R | null>;
  /** The record reloaded: the screen reopens the drawer with it. */
  onReloaded?: (record: R) => void;
  /** Where a 409 that is not a stale version goes (a taken name), per mode. */
  conflict?: (editor: Editor<R>) => { field: string; text: string } | undefined;
  /** Shown under the banners, above the fields (a hint, a preview). */
  intro?: (editor: Editor<R>) => ReactNode;
  /** Inside the form, under the fields (live checks, a preview: `Form.useWatch` reads the values). */
  below?: (editor: Editor<R>) => ReactNode;
  /** Under the form, outside it (a section with its own form, such as a price history). */
  after?: (editor: Editor<R>) => ReactNode;
  /** Buttons left of Cancel / Save in edit mode (History, Copy). */
  extraActions?: (editor: Editor<R>) => ReactNode;
  /** Shown, not changed (the caller may read but not edit): every field disabled, no Save. */
  readOnly?: (editor: Editor<R>) => boolean;
  /** A refusal the screen finds before saving (a linter's error): shown as a banner, nothing is sent. */
  beforeSubmit?: (values: V, editor: Editor<R>) => { title: string; testId?: string } | null;
  /** After a save, instead of closing: the screen opens what comes next (the new record, in edit mode). */
  onSaved?: (saved: S, editor: Editor<R>) => Promise<void> | void;
  width?: number;
  testId?: string;
  drawerTestId?: string;
  saveTestId?: string;
}

const isDisabled = (d: FormField<unknown>['disabled'], mode: EditorMode) => (typeof d === 'function' ? d(mode) : Boolean(d));

function inputFor<V>(f: FormField<V>, meta: FieldMeta, disabled: boolean): ReactNode {
  const common = { disabled, placeholder: f.placeholder, 'data-testid': f.testId };
  if (f.input && typeof f.input === 'object') return f.input;
  const kind =
    f.input ??
    (meta.kind === 'number' ? 'number' : meta.kind === 'boolean' ? 'switch' : meta.kind === 'enum' ? 'select' : 'text');
  const options = (f.options ?? meta.options?.map((v) => ({ value: v, label: String(v) })) ?? []) as Option[];
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

function EditForm<R, V extends object, S>(
  props: EditDrawerProps<R, V, S> & { editor: Editor<R>; onDirty: (dirty: boolean) => void; close: () => void },
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
  const fields = (typeof props.fields === 'function' ? props.fields(editor) : props.fields).filter(
    (f) => !f.hiddenIn?.includes(editor.mode),
  );
  const readOnly = props.readOnly?.(editor) ?? false;
  const [refusal, setRefusal] = useState<{ title: string; testId?: string } | null>(null);
  const metaOf = (name: string) => {
    const field = shape[name];
    return { field, meta: field ? fieldMeta(field) : NO_META };
  };

  const submit = async (values: V) => {
    clear();
    const refused = props.beforeSubmit?.(values, editor) ?? null;
    setRefusal(refused);
    if (refused) return;
    setSaving(true);
    try {
      const saved = await props.onSubmit(values, editor);
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
      onValuesChange={() => {
        props.onDirty(true);
        setRefusal(null);
      }}
      disabled={readOnly}
      initialValues={props.initialValues(editor) as never}
      data-testid={props.testId}
    >
      {problem?.kind === 'stale' && (
        <Alert
          type="warning"
          showIcon
          className="bo-form-alert"
          title={t('kit.stale.title')}
          description={t('kit.stale.text')}
          action={
            props.reload ? (
              <Button
                size="small"
                type="primary"
                loading={reloading}
                onClick={() => void reload()}
                data-testid="kit-stale-reload"
              >
                {t('common.reload')}
              </Button>
            ) : undefined
          }
          data-testid="kit-stale"
        />
      )}
      {problem?.kind === 'error' && <Alert type="error" showIcon className="bo-form-alert" title={problem.text} />}
      {refusal && <Alert type="error" showIcon className="bo-form-alert" title={refusal.title} data-testid={refusal.testId} />}
      {props.intro?.(editor)}
      <Row gutter={16}>
        {fields.map((f) => {
          if (f.bare)
            return (
              <Col key={f.name} span={24}>
                {f.input as ReactElement}
              </Col>
            );
          const { field, meta } = metaOf(f.name);
          const disabled = readOnly || isDisabled(f.disabled as FormField<unknown>['disabled'], editor.mode);
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
                extra={f.extra}
                rules={rules}
                normalize={f.normalize}
                valuePropName={(f.input ?? (meta.kind === 'boolean' ? 'switch' : '')) === 'switch' ? 'checked' : 'value'}
              >
                {inputFor(f, meta, disabled)}
              </Form.Item>
            </Col>,
          ];
        })}
      </Row>
      {props.below?.(editor)}
      {/* A read-only form disables its inputs, not History or Close. */}
      <ConfigProvider componentDisabled={false}>
        {/* Sticks to the drawer's bottom while a long form scrolls: Save is never below the fold. */}
        <Space
          style={{
            width: '100%',
            justifyContent: 'flex-end',
            position: 'sticky',
            bottom: 0,
            zIndex: 2,
            padding: '12px 0',
            background: token.colorBgElevated,
            borderTop: `1px solid ${token.colorSplit}`,
          }}
        >
          {props.extraActions?.(editor)}
          <Button onClick={props.close}>{readOnly ? t('kit.close') : t('common.cancel')}</Button>
          {!readOnly && (
            <Button type="primary" htmlType="submit" loading={saving} data-testid={props.saveTestId}>
              {t('common.save')}
            </Button>
          )}
        </Space>
      </ConfigProvider>
    </Form>
  );
}

export function EditDrawer<R, V extends object, S>(props: EditDrawerProps<R, V, S>) {
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
  const { editor, onClose } = props;
  const open = editor !== null;

  // Leaving the screen or the tab with unsaved changes asks first.
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

  const close = () => {
    setDirty(false);
    onClose();
  };
  const askClose = () => {
    if (!dirty) return close();
    modal.confirm({
      title: t('kit.unsaved.title'),
      content: t('kit.unsaved.text'),
      okText: t('kit.unsaved.discard'),
      cancelText: t('kit.unsaved.stay'),
      okButtonProps: { danger: true, 'data-testid': 'kit-discard-changes' } as never,
      onOk: close,
    });
  };

  const key = editor === null ? 'closed' : `${editor.mode}:${JSON.stringify(editor.record ?? null)}`;
  const form = editor && <EditForm key={key} {...props} editor={editor} onDirty={setDirty} close={close} />;
  return (
    <Drawer
      open={open}
      onClose={askClose}
      size={props.width ?? 560}
      destroyOnHidden
      title={editor ? props.title(editor) : null}
      data-testid={props.drawerTestId}
    >
      {props.needs ? (
        <QueryStates
          pending={props.needs.pending}
          error={props.needs.error}
          onRetry={props.needs.retry}
          rows={8}
          errorTitle={t('kit.formDataLoadFailed')}
        >
          {form}
        </QueryStates>
      ) : (
        form
      )}
      {editor && props.after?.(editor)}
    </Drawer>
  );
}
