/**
 * A record's list of lines in the edit drawer (an AI activity's prompt suggestions, a game's
 * levels, a cooker's programs): one row per line, each input declared as a cell (text, number or
 * choice), added and removed between the list's bounds. The server's codes land on the cell
 * (`levels.2.seconds`), the list's own under it.
 */
import { Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { AddRowFooter, RemoveRowButton } from './RowButtons';

export type LineCell =
  | { field: string; kind: 'text'; placeholder: string; span: number; maxLength: number }
  | { field: string; kind: 'number'; placeholder: string; span: number; min: number; max: number; suffix?: string }
  | { field: string; kind: 'select'; placeholder: string; span: number; options: readonly { value: string; label: string }[] };

export function LinesInput({
  name,
  label,
  extra,
  cells,
  blank,
  min,
  max,
  addText,
  removeText,
  testId,
  disabled,
}: {
  name: string;
  label: ReactNode;
  extra?: ReactNode;
  cells: readonly LineCell[];
  blank: () => Record<string, unknown>;
  min: number;
  max: number;
  addText: string;
  removeText: string;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <Form.List name={name}>
      {(rows, { add, remove }, { errors }) => (
        <Form.Item label={label} extra={extra} required>
          <Space orientation="vertical" style={{ width: '100%' }} data-testid={testId}>
            {rows.map((row, i) => (
              <Row key={row.key} gutter={8} align="top" wrap={false} data-testid={`${testId}-${i}`}>
                <Col flex="auto">
                  <Row gutter={8}>
                    {cells.map((c) => (
                      <Col key={c.field} span={c.span}>
                        <Form.Item name={[row.name, c.field]} style={{ marginBottom: 4 }}>
                          {c.kind === 'text' ? (
                            <Input
                              maxLength={c.maxLength}
                              placeholder={c.placeholder}
                              disabled={disabled}
                              data-testid={`${testId}-${i}-${c.field}`}
                            />
                          ) : c.kind === 'number' ? (
                            <InputNumber
                              min={c.min}
                              max={c.max}
                              precision={0}
                              placeholder={c.placeholder}
                              suffix={c.suffix}
                              disabled={disabled}
                              style={{ width: '100%' }}
                              data-testid={`${testId}-${i}-${c.field}`}
                            />
                          ) : (
                            <Select
                              options={c.options as { value: string; label: string }[]}
                              placeholder={c.placeholder}
                              disabled={disabled}
                              data-testid={`${testId}-${i}-${c.field}`}
                            />
                          )}
                        </Form.Item>
                      </Col>
                    ))}
                  </Row>
                </Col>
                <Col flex="none">
                  <RemoveRowButton
                    disabled={!!disabled || rows.length <= min}
                    onClick={() => remove(row.name)}
                    label={removeText}
                    testId={`${testId}-${i}-remove`}
                  />
                </Col>
              </Row>
            ))}
            <AddRowFooter
              disabled={!!disabled || rows.length >= max}
              onClick={() => add(blank())}
              errors={errors}
              testId={`${testId}-add`}
            >
              {addText}
            </AddRowFooter>
          </Space>
        </Form.Item>
      )}
    </Form.List>
  );
}
