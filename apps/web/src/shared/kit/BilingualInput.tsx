/**
 * One side of a text kept in Chinese and in English (a material's name, category, supplier):
 * the kit's `input: 'bilingual'` field draws two of these side by side. Known pairs in use
 * are suggested on each side, and picking one fills the other side when that one is empty,
 * so a category is not spelt two ways.
 */
import { AutoComplete, type FormInstance, type FormRule, Input } from 'antd';

/** A text in Chinese and in English ('' where one is not given). */
export interface TextPair {
  zh: string;
  en: string;
}
type Side = keyof TextPair;

const other = (side: Side): Side => (side === 'zh' ? 'en' : 'zh');

/** The distinct texts of one side of the pairs, as options. */
const sideOptions = (pairs: readonly TextPair[], side: Side) =>
  [...new Set(pairs.map((p) => p[side]).filter(Boolean))].map((value) => ({ value }));

interface Props {
  side: Side;
  /** The field that holds the other language's text. */
  otherName: string;
  form: FormInstance;
  pairs?: readonly TextPair[];
  maxLength?: number;
  disabled?: boolean;
  testId?: string;
  value?: string;
  onChange?: (value: string) => void;
}

export function BilingualInput({ side, otherName, form, pairs, maxLength, disabled, testId, value, onChange }: Props) {
  if (!pairs)
    return (
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        maxLength={maxLength}
        disabled={disabled}
        autoComplete="off"
        data-testid={testId}
      />
    );
  const fillOther = (picked: string) => {
    const match = pairs.find((p) => p[side] === picked)?.[other(side)];
    if (match && !String(form.getFieldValue(otherName) ?? '').trim()) form.setFieldValue(otherName, match);
  };
  return (
    <AutoComplete
      value={value}
      onChange={onChange}
      disabled={disabled}
      options={sideOptions(pairs, side)}
      showSearch={{
        filterOption: (text, o) =>
          String(o?.value ?? '')
            .toLowerCase()
            .includes(text.toLowerCase()),
      }}
      onSelect={fillOther}
    >
      <Input maxLength={maxLength} autoComplete="off" data-testid={testId} />
    </AutoComplete>
  );
}

/** Required unless the other language's text is given (the other falls back to it). */
export const oneOfTwoRule =
  (otherName: string, message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (String(value ?? '').trim() || String(getFieldValue(otherName) ?? '').trim()) return;
      throw new Error(message);
    },
  });
