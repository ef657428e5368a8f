/**
 * A form's list of lines (a shipment wave's SKUs): one field holding an array, each line a group of inputs
 * bound to its own values, added by the screen's pickers and removed one by one. Inside an `EditForm` /
 * `EditPage` (`input` of a field that is `bare`): the lines are part of the form's values, checked and sent
 * with them. A line may move (`move(to)`) and a copy may be added under it (`add(value, index)`): the H5 block editor. `LineField` binds one input of a line; `useFormValue` reads a value being typed.
 */
import { Form, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';

export interface LineSlot {
  /** React key of the line (stable while lines are added and removed). */
  key: number;
  /** Its position among the lines. */
  index: number;
  /** The form path of one of its values: `field('units')`. */
  field: (name: string) => (string | number)[];
  remove: () => void;
  /** Moves the line to another position (a block editor's up and down). */
  move: (to: number) => void;
  /** How many lines there are. */
  count: number;
}

/** Adds a line at the end, or at `index` (a copy right under its original). */
export type AddLine<V> = (value: V, index?: number) => void;

export function FormLines<V>({
  name,
  label,
  required,
  empty,
  head,
  line,
  after,
}: {
  name: string;
  label: ReactNode;
  required?: boolean;
  /** Shown while there is no line. */
  empty: ReactNode;
  /** Above the lines (the pickers that add them). */
  head?: (add: AddLine<V>) => ReactNode;
  line: (slot: LineSlot, add: AddLine<V>) => ReactNode;
  /** Under the lines (a picker's dialog). */
  after?: (add: AddLine<V>) => ReactNode;
}) {
  return (
    <Form.Item label={label} required={required}>
      <Form.List name={name}>
        {(items, { add, remove, move }) => (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {head?.(add)}
            {items.length === 0 && <Typography.Text type="secondary">{empty}</Typography.Text>}
            {items.map((item, index) =>
              line(
                {
                  key: item.key,
                  index,
                  field: (f) => [item.name, f],
                  remove: () => remove(item.name),
                  move: (to) => move(index, to),
                  count: items.length,
                },
                add,
              ),
            )}
            {after?.(add)}
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** One input of a line, at `name` (a `LineSlot.field`), with its rules; `hidden` keeps a value the line carries. */
export function LineField({
  name,
  rules,
  hidden,
  valuePropName,
  children,
}: {
  name: (string | number)[];
  rules?: Rule[];
  hidden?: boolean;
  /** The input's prop that holds the value when it is not `value` (a checkbox's or switch's `checked`). */
  valuePropName?: string;
  children: ReactNode;
}) {
  return (
    <Form.Item name={name} rules={rules} hidden={hidden} {...(valuePropName ? { valuePropName } : {})}>
      {children}
    </Form.Item>
  );
}

/** The value of a field of the form around, as it is being typed. */
export function useFormValue<T>(name: string): T | undefined {
  const form = Form.useFormInstance();
  return Form.useWatch(name, form) as T | undefined;
}

/** Every value of the form around as it is being typed (fields not shown included): a live preview's input. */
export function useFormValues<T>(): T | undefined {
  const form = Form.useFormInstance();
  return Form.useWatch((v: T) => v, { form, preserve: true });
}

/** Whether anything of the form around was changed since it was filled (re-read at each change). */
export function useFormDirty(): boolean {
  const form = Form.useFormInstance();
  Form.useWatch((v: unknown) => v, { form, preserve: true });
  return form.isFieldsTouched();
}
