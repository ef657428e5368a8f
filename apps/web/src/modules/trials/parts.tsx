/** What the trial screens share: a choice's options as lines of text, an instant picker, texts in the user's language. */
import type { Lang } from '@bo/contract';
import type { ChoiceOption } from '@bo/contract/trials/forms';
import { DatePicker, Input } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';

/** The text in the user's language, else the other one. */
export const pickText = (lang: Lang, zh: string, en: string) => (lang === 'zh-CN' ? zh || en : en || zh);

const toText = (options: readonly ChoiceOption[] | undefined) =>
  (options ?? []).map((o) => [o.value, o.labelEn, o.labelZh].join(' | ')).join('\n');
const fromText = (text: string): ChoiceOption[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [value = '', labelEn = '', labelZh = ''] = line.split('|').map((s) => s.trim());
      return { value, labelEn, labelZh };
    });

/** A choice's options typed one a line, `value | English | Chinese`; the form value is the list. */
export function OptionsInput({
  value,
  onChange,
  disabled,
  testId,
  placeholder,
}: {
  value?: ChoiceOption[];
  onChange?: (v: ChoiceOption[]) => void;
  disabled?: boolean;
  testId?: string;
  placeholder?: string;
}) {
  // The typed text is kept as typed (a half-written line); the list follows it.
  const [text, setText] = useState(() => toText(value));
  return (
    <Input.TextArea
      value={text}
      disabled={disabled}
      rows={3}
      placeholder={placeholder}
      style={{ width: 360 }}
      data-testid={testId}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(fromText(e.target.value));
      }}
    />
  );
}

/** A date and time in the operator's zone; the form value is the ISO instant (UTC) or null. */
export function InstantInput({
  value,
  onChange,
  disabled,
  testId,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <DatePicker
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      value={value ? dayjs(value) : null}
      disabled={disabled}
      onChange={(d) => onChange?.(d ? d.toISOString() : null)}
      data-testid={testId}
    />
  );
}

export const formatInstant = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');
