import { Input } from 'antd';

interface Props {
  /** The keyword in the URL when the box is drawn; the box keeps what is typed after that. */
  value: string;
  /** The text as typed, on Enter or the search button (the screen writes it to the URL, page 1). */
  onSearch: (keyword: string) => void;
  placeholder: string;
  testId: string;
  width?: number;
}

/** The keyword box of a PPC list; a screen that lists something else under it keys the box by that, to start it again. */
export function KeywordSearch({ value, onSearch, placeholder, testId, width = 240 }: Props) {
  return (
    <Input.Search
      allowClear
      defaultValue={value}
      placeholder={placeholder}
      onSearch={onSearch}
      style={{ width }}
      data-testid={testId}
    />
  );
}
