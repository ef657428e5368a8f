/** The project's states as the contract's tags (shared by the lists and the detail). */
import { APPROVAL_MACHINE, statusFromCode } from '@bo/contract/approvals/approval-flow';
import { RUN_MACHINE, type RunStatus, SCHEDULE_MACHINE, type ScheduleStatus } from '@bo/contract/projects/projects';
import { Tag } from 'antd';
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
