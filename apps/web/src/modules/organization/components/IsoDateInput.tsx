import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/** A day as the contract has it (yyyy-MM-dd), picked from a calendar; a form item gives value and onChange. */
export function IsoDateInput({
  value,
  onChange,
  testId,
}: {
  value?: string | null;
  onChange?: (v: string | undefined) => void;
  testId?: string;
}) {
  return (
    <DatePicker
      style={{ width: '100%' }}
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : undefined)}
      data-testid={testId}
    />
  );
}
