import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/** A day as the contract has it (yyyy-MM-dd); a form item gives value and onChange. */
export function DayInput({
  value,
  onChange,
  testId,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  testId?: string;
}) {
  return (
    <DatePicker
      style={{ width: '100%' }}
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
      data-testid={testId}
    />
  );
}
