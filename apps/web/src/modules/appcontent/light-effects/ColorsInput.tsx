/**
 * A list of `#RRGGBB` colours in the edit drawer (an effect's colours, a palette, a graphic's
 * palette): each a picker beside its hex text, added and removed between `min` and `max`. The
 * server's code on one colour (`colors.2`) lands on that colour's row.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { shown } from '../swatch/Swatch';

/** One colour: the picker and the text stay the same value (upper case). */
export function HexColorInput({
  value,
  onChange,
  disabled,
  testId,
  label,
}: {
  value?: string;
  onChange?: (v: string) => void;
  disabled?: boolean;
  testId?: string;
  label?: string;
}) {
  return (
    <Space.Compact>
      <ColorPicker
        value={shown(value)}
        disabledAlpha
        disabled={disabled}
        onChangeComplete={(c) => onChange?.(c.toHexString().toUpperCase())}
      />
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value.trim().toUpperCase())}
        maxLength={7}
        placeholder="#RRGGBB"
        disabled={disabled}
        style={{ width: 110, fontFamily: 'monospace' }}
        aria-label={label}
        data-testid={testId}
      />
    </Space.Compact>
  );
}

export function ColorsInput({
  name,
  label,
  extra,
  min,
  max,
  testId,
  addText,
  removeText,
  next = '#FFFFFF',
}: {
  name: string;
  label: ReactNode;
  extra?: ReactNode;
  min: number;
  max: number;
  testId: string;
  addText: string;
  removeText: string;
  /** The colour a new row starts with. */
  next?: string;
}) {
  return (
    <Form.List name={name}>
      {(rows, { add, remove }, { errors }) => (
        <Form.Item label={label} extra={extra} required>
          <Space wrap size={[12, 4]} align="start" data-testid={testId}>
            {rows.map((row, i) => (
              <Space key={row.key} size={2} align="start">
                <Form.Item name={row.name} style={{ marginBottom: 0 }}>
                  <HexColorInput testId={`${testId}-${i}`} label={`${i + 1}`} />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  disabled={rows.length <= min}
                  onClick={() => remove(row.name)}
                  aria-label={`${removeText} ${i + 1}`}
                  data-testid={`${testId}-${i}-remove`}
                />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={rows.length >= max}
              onClick={() => add(next)}
              data-testid={`${testId}-add`}
            >
              {addText}
            </Button>
          </Space>
          <Form.ErrorList errors={errors} />
        </Form.Item>
      )}
    </Form.List>
  );
}
