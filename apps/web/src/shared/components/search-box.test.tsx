// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../kit/test/dom-harness';
import { SearchBox } from './SearchBox';

beforeAll(installBrowserStubs);
afterEach(cleanup);

const box = () => within(screen.getByTestId('search')).getByRole('searchbox') as HTMLInputElement;

describe('SearchBox', () => {
  it('keeps what is typed until Enter, then searches for it trimmed', () => {
    const onSearch = vi.fn();
    render(<SearchBox value="" onSearch={onSearch} placeholder="Search" maxLength={64} testId="search" />);
    expect(box().maxLength).toBe(64);
    fireEvent.change(box(), { target: { value: '  lamp ' } });
    expect(box().value).toBe('  lamp ');
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.keyDown(box(), { key: 'Enter', keyCode: 13 });
    expect(onSearch).toHaveBeenCalledWith('lamp');
  });

  it('shows the filter again when it changes from outside', () => {
    const { rerender } = render(<SearchBox value="lamp" onSearch={() => {}} testId="search" />);
    expect(box().value).toBe('lamp');
    fireEvent.change(box(), { target: { value: 'lamp shade' } });
    rerender(<SearchBox value="" onSearch={() => {}} testId="search" />);
    expect(box().value).toBe('');
  });
});
