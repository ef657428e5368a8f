// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { lazy, type ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installBrowserStubs } from '../kit/test/dom-harness';
import { ChartSuspense } from './ChartSuspense';

beforeAll(installBrowserStubs);
afterEach(cleanup);

describe('ChartSuspense', () => {
  it("holds the chart's height with a skeleton until the chart's code comes", async () => {
    let load: (chart: { default: () => ReactElement }) => void = () => {};
    const Chart = lazy(() => new Promise<{ default: () => ReactElement }>((resolve) => (load = resolve)));
    const { container } = render(
      <ChartSuspense height={260}>
        <Chart />
      </ChartSuspense>,
    );
    const skeleton = container.querySelector<HTMLElement>('.ant-skeleton');
    expect(skeleton?.getAttribute('style') ?? skeleton?.innerHTML).toContain('260');
    load({ default: () => <div>chart</div> });
    expect(await screen.findByText('chart')).toBeTruthy();
    expect(container.querySelector('.ant-skeleton')).toBeNull();
  });
});
