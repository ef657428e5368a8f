// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../../shared/kit/test/dom-harness';
import { KeywordSearch } from './KeywordSearch';

beforeAll(installBrowserStubs);
afterEach(cleanup);

describe('KeywordSearch', () => {
  it('starts from the keyword in force and searches for the text as typed', () => {
    const onSearch = vi.fn();
    render(<KeywordSearch value="lamp" onSearch={onSearch} placeholder="Search" testId="kw" width={200} />);
    const box = within(screen.getByTestId('kw')).getByRole('searchbox') as HTMLInputElement;
    expect(box.value).toBe('lamp');
    fireEvent.change(box, { target: { value: ' desk lamp' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    expect(onSearch).toHaveBeenCalledWith(' desk lamp', expect.anything(), expect.anything());
  });
});
