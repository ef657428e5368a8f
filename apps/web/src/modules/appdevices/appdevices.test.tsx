// @vitest-environment happy-dom
/**
 * The device catalogue's editors: a set-up flow's steps take the next free order when added, a
 * timed action gets its seconds (others none), an order used twice is flagged before the server
 * would refuse it; a calibration table's points are added above the last temperature, a point
 * not above the one before is flagged, switching to RGBW gives each point a white gain, and the
 * gains chart draws one line per channel; a SKU's settings offer each key once, at its default.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { domTestSetup, withProviders } from '../../shared/kit/test/dom-harness';
import { appDevicesTexts } from './appdevices.locale';
import { FlowStepsInput, nextStep } from './flows/FlowStepsInput';
import { SettingsInput } from './sku-config/SettingsInput';
import { GainChart } from './white-balance/GainChart';
import { PointsInput } from './white-balance/PointsInput';

domTestSetup([appDevicesTexts]);

function Harness({
  initial,
  seen,
  children,
}: {
  initial: object;
  seen: (v: Record<string, unknown>) => void;
  children: React.ReactNode;
}) {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={initial} onValuesChange={() => seen(form.getFieldsValue(true))}>
      {children}
      <Button onClick={() => void form.validateFields().catch(() => undefined)} data-testid="check">
        check
      </Button>
    </Form>
  );
}

const input = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};

describe('FlowStepsInput', () => {
  it('adds a step after the highest order, keeps one at least, and flags an order used twice', async () => {
    const seen = vi.fn();
    render(
      withProviders(
        <Harness initial={{ steps: [{ ...nextStep([]), order: 5 }] }} seen={seen}>
          <FlowStepsInput />
        </Harness>,
      ).tree,
    );
    expect((await screen.findByTestId('flow-step-0-remove')).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('flow-step-add'));
    await waitFor(() => expect(input('flow-step-1-order').value).toBe('6'));
    fireEvent.change(input('flow-step-1-order'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('check'));
    expect((await screen.findAllByText('Another step has order 5')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('flow-step-1-remove'));
    await waitFor(() => expect(screen.queryByTestId('flow-step-1')).toBeNull());
  });

  it('gives a timed action its seconds and opens them for editing', async () => {
    const seen = vi.fn();
    render(
      withProviders(
        <Harness initial={{ steps: [nextStep([])] }} seen={seen}>
          <FlowStepsInput />
        </Harness>,
      ).tree,
    );
    expect(input('flow-step-0-seconds').disabled).toBe(true);
    const select = (await screen.findByTestId('flow-step-0-action')).querySelector('input') ?? screen.getByRole('combobox');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText('Hold the button'));
    await waitFor(() => expect(input('flow-step-0-seconds').value).toBe('5'));
    expect(input('flow-step-0-seconds').disabled).toBe(false);
  });
});

describe('PointsInput and GainChart', () => {
  const initial = {
    points: [
      { cct: 2700, r: 1, g: 0.6, b: 0.3, w: null },
      { cct: 6500, r: 0.8, g: 0.9, b: 1, w: null },
    ],
  };

  it('adds a point 500 K above the last, flags one not above the point before, keeps two at least', async () => {
    const seen = vi.fn();
    render(
      withProviders(
        <Harness initial={initial} seen={seen}>
          <PointsInput channels="rgb" />
        </Harness>,
      ).tree,
    );
    expect((await screen.findByTestId('wb-point-0-remove')).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('wb-point-0-w')).toBeNull();
    fireEvent.click(screen.getByTestId('wb-point-add'));
    await waitFor(() => expect(input('wb-point-2-cct').value).toBe('7000'));
    fireEvent.change(input('wb-point-2-cct'), { target: { value: '6000' } });
    fireEvent.click(screen.getByTestId('check'));
    expect(await screen.findByText('Above the point before (6500 K)')).toBeTruthy();
    expect(screen.getByTestId('wb-point-0-remove').hasAttribute('disabled')).toBe(false);
  });

  it('shows the white gain of an RGBW table', async () => {
    render(
      withProviders(
        <Harness initial={initial} seen={vi.fn()}>
          <PointsInput channels="rgbw" />
        </Harness>,
      ).tree,
    );
    expect(await screen.findByTestId('wb-point-1-w')).toBeTruthy();
  });

  it('draws one line per channel against the temperatures', async () => {
    const { container } = render(
      withProviders(
        <GainChart
          channels="rgbw"
          points={[
            { cct: 2700, r: 1, g: 0.6, b: 0.3, w: 0.9 },
            { cct: 6500, r: 0.8, g: 0.9, b: 1, w: 1 },
          ]}
          testId="chart"
        />,
      ).tree,
    );
    await screen.findByTestId('chart');
    for (const name of ['R', 'G', 'B', 'W']) expect(screen.getAllByText(name).length).toBeGreaterThan(0);
    expect(container.textContent).toContain('2700 K');
    expect(container.textContent).toContain('6500 K');
  });
});

describe('SettingsInput', () => {
  it('adds a key not yet used at its default, and gives a new key its own input', async () => {
    render(
      withProviders(
        <Harness initial={{ settings: [{ key: 'maxBrightness', value: 80 }] }} seen={vi.fn()}>
          <SettingsInput />
        </Harness>,
      ).tree,
    );
    expect(input('sku-setting-0-value').value).toBe('80');
    fireEvent.click(screen.getByTestId('sku-setting-add'));
    // The next declared key (segments, 1–100) at the top of its range.
    await waitFor(() => expect(input('sku-setting-1-value').value).toBe('100'));
    const key = screen.getByTestId('sku-setting-1-key').querySelector('input') ?? screen.getAllByRole('combobox')[1];
    fireEvent.mouseDown(key as HTMLElement);
    // A key used by another row is not offered again.
    expect(screen.queryAllByText('Maximum brightness (10–100%)').length).toBe(1);
    fireEvent.click(await screen.findByText('Music mode'));
    await waitFor(() => expect(screen.getByTestId('sku-setting-1-value').getAttribute('role')).toBe('switch'));
  });
});
