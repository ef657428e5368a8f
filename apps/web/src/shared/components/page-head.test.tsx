// @vitest-environment happy-dom
/** The heads of the screens (a list's or form's; a report-style one's with its buttons) and the filters' card. */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { domTestSetup, withProviders } from '../kit/test/dom-harness';
import { FilterCard, FilterNumber, PageHead, ScreenHead } from './PageHead';

domTestSetup([], { keepGlobals: true });

describe('PageHead', () => {
  it('shows the title as a heading, the subtitle and the buttons', () => {
    render(
      withProviders(<PageHead title="Board" subtitle="Figures of the period" extra={<button type="button">Export</button>} />)
        .tree,
    );
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Board');
    expect(screen.getByText('Figures of the period')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('leaves the subtitle out when there is none', () => {
    const { container } = render(withProviders(<PageHead title="Board" />).tree);
    expect(container.querySelector('.bo-sales-head .ant-typography-secondary')).toBeNull();
  });
});

describe('ScreenHead', () => {
  it("shows a list screen's title as a heading and what the screen is for under it", () => {
    const { container } = render(withProviders(<ScreenHead title="Roles" subtitle="Who may do what" />).tree);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Roles');
    expect(screen.getByText('Who may do what')).toBeTruthy();
    expect(container.querySelector('.bo-page-head')).not.toBeNull();
  });

  it('leaves the subtitle out when there is none', () => {
    const { container } = render(withProviders(<ScreenHead title="Roles" />).tree);
    expect(container.querySelector('.ant-typography-secondary')).toBeNull();
  });
});

describe('FilterCard', () => {
  it('holds the filters in one wrapping row', () => {
    const { container } = render(
      withProviders(
        <FilterCard>
          <input aria-label="shop" />
          <input aria-label="period" />
        </FilterCard>,
      ).tree,
    );
    const row = container.querySelector('.bo-sales-filters .ant-flex');
    expect(row?.className).toContain('ant-flex-wrap-wrap');
    expect(row?.querySelectorAll('input')).toHaveLength(2);
  });
});

describe('FilterNumber', () => {
  it('names the number and reports what is typed', () => {
    const onChange = vi.fn();
    render(
      withProviders(<FilterNumber label="Clicks at least" value={10} min={1} onChange={onChange} data-testid="clicks" />).tree,
    );
    expect(screen.getByText('Clicks at least')).toBeTruthy();
    const input = screen.getByTestId('clicks') as HTMLInputElement;
    expect(input.value).toBe('10');
    fireEvent.change(input, { target: { value: '25' } });
    expect(onChange).toHaveBeenCalledWith(25);
  });
});
