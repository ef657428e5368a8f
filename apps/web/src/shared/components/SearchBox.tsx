/**
 * A search box over a text filter kept elsewhere (the URL): what is typed stays in the box
 * until Enter or the search button sends it trimmed, and a change of the filter from outside
 * (back and forward, a pasted link, "Clear filters") replaces what the box shows.
 */
import { Input } from 'antd';
import { useEffect, useState } from 'react';

interface Props {
  /** The filter in force. */
  value: string;
  /** The text searched for, trimmed. */
  onSearch: (text: string) => void;
  placeholder?: string;
  maxLength?: number;
  width?: number;
  testId?: string;
}

export function SearchBox({ value, onSearch, placeholder, maxLength = 100, width = 240, testId }: Props) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Input.Search
      allowClear
      placeholder={placeholder}
      value={text}
      maxLength={maxLength}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => onSearch(v.trim())}
      style={{ width }}
      data-testid={testId}
    />
  );
}
