/** The buttons of the device catalogue's row editors (flow steps, calibration points, SKU settings): remove a row; add one, with the list's errors under it. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  disabled: boolean;
  onClick: () => void;
  testId: string;
}

export const RemoveRowButton = ({ label, ...p }: Props & { label: string }) => (
  <Button
    type="text"
    danger
    size="small"
    icon={<DeleteOutlined />}
    disabled={p.disabled}
    onClick={p.onClick}
    aria-label={label}
    data-testid={p.testId}
  />
);

export const AddRowFooter = ({ children, errors, ...p }: Props & { children: ReactNode; errors: ReactNode[] }) => (
  <>
    <Button type="dashed" icon={<PlusOutlined />} disabled={p.disabled} onClick={p.onClick} data-testid={p.testId}>
      {children}
    </Button>
    <Form.ErrorList errors={errors} />
  </>
);
