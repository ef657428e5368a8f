import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { type ButtonPattern, Can } from '../Can';

interface AddButtonProps {
  /** The type-3 permission of the create action: without it the button is not there. */
  permission: ButtonPattern;
  onClick: () => void;
  testId: string;
  children: ReactNode;
  /** A list's toolbar button is primary; a panel's second button is not. */
  type?: 'primary' | 'default';
}

/** The "add" / "create" button of a list or panel: a plus, shown only to holders of `permission`. */
export function AddButton({ permission, onClick, testId, children, type = 'primary' }: AddButtonProps) {
  return (
    <Can permission={permission}>
      <Button type={type} icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
        {children}
      </Button>
    </Can>
  );
}
