/** The project's states as the contract's tags (shared by the lists, the detail and the shared pages). */
import { APPROVAL_MACHINE, statusFromCode } from '@bo/contract/approvals/approval-flow';
import {
  type ProjectType,
  RUN_MACHINE,
  type RunStatus,
  SCHEDULE_MACHINE,
  type ScheduleStatus,
} from '@bo/contract/projects/projects';
import { Flex, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StateTag } from '../../../shared/kit/StateTag';

export const ScheduleTag = ({ status, testId }: { status: ScheduleStatus; testId?: string }) => (
  <StateTag machine={SCHEDULE_MACHINE} state={status} testId={testId} />
);
export const RunTag = ({ status, testId }: { status: RunStatus; testId?: string }) => (
  <StateTag machine={RUN_MACHINE} state={status} testId={testId} />
);
export const ApprovalTag = ({ code, testId }: { code: number; testId?: string }) => (
  <StateTag machine={APPROVAL_MACHINE} state={statusFromCode(code) ?? 'not'} testId={testId} />
);
const PRIORITY_COLOR = { P0: 'red', P1: 'orange', P2: 'blue', P3: 'default' } as const;
export const PriorityTag = ({ priority }: { priority: keyof typeof PRIORITY_COLOR }) => (
  <Tag color={PRIORITY_COLOR[priority]}>{priority}</Tag>
);

/** A shared page's head: `code · name`, the type, then the page's own tags and text. */
export function SharedHeadline({
  code,
  name,
  type,
  children,
}: {
  code: string;
  name: string;
  type: ProjectType;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={4} style={{ margin: 0 }} data-testid="shared-title">
        {code} · {name}
      </Typography.Title>
      <Space wrap>
        <Tag>{t(`projects.type.${type}`)}</Tag>
        {children}
      </Space>
    </Flex>
  );
}
