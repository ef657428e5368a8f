// @vitest-environment happy-dom
// The first-chart mark is once per page load (module state). The DOM tests share one module
// graph per worker (isolate: false), so the marks start again before this file's test.
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { initTexts, installBrowserStubs } from '../../kit/test/dom-harness';
import { forgetMarks, happened } from '../../perf-marks';
import { LiteChart } from './LiteChart';

beforeAll(async () => {
  installBrowserStubs();
  await initTexts('en-US');
  forgetMarks();
});
afterEach(cleanup);

const draw = (hasData: boolean) =>
  render(
    <LiteChart
      categories={['Mon', 'Tue']}
      series={[{ type: 'bar', name: 'Revenue', color: '#2459d6', values: [hasData ? 10 : 0, 0] }]}
      height={200}
      tooltip={() => null}
      label="Trend"
      hasData={hasData}
      testId="chart"
    />,
  );

it('marks bo:first-chart after the first paint with data, not before', async () => {
  draw(false);
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => requestAnimationFrame(resolve));
  expect(happened('chart')).toBe(false);
  cleanup();
  draw(true);
  await waitFor(() => expect(happened('chart')).toBe(true));
  expect(performance.getEntriesByName('bo:first-chart', 'mark')).toHaveLength(1);
});
