// @vitest-environment happy-dom
/**
 * The guides' own inputs: an app guide's steps are added, moved and removed in order (at least
 * one, at most 20); a buying guide's SKUs are searched in the catalogue on the server and kept
 * as the form's value.
 */
import { APP_GUIDE_MAX_STEPS } from '@bo/contract/appcontent/app-guide';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { domTestSetup, mockFetch, ok, withProviders } from '../../../shared/kit/test/dom-harness';
import { appContentTexts } from '../appcontent.locale';
import { SkuPicker } from '../buying-guide/SkuPicker';
import { StepsInput } from './StepsInput';

domTestSetup([appContentTexts]);

type Step = { textZh: string; textEn: string };

function Steps({ initial, seen }: { initial: Step[]; seen: (steps: Step[]) => void }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={{ steps: initial }} onValuesChange={() => seen(form.getFieldValue('steps'))}>
      <StepsInput />
    </Form>
  );
}

const value = (testId: string) => (screen.getByTestId(testId) as HTMLTextAreaElement).value;

describe('StepsInput', () => {
  it('adds, moves and removes steps in order, keeping one at least', async () => {
    const seen = vi.fn();
    render(withProviders(<Steps initial={[{ textZh: '一', textEn: 'one' }]} seen={seen} />).tree);
    expect((await screen.findByTestId('app-guide-step-0-remove')).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('app-guide-step-add'));
    fireEvent.change(await screen.findByTestId('app-guide-step-1-en'), { target: { value: 'two' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Move up' })[1] as HTMLElement);
    await waitFor(() => expect(value('app-guide-step-0-en')).toBe('two'));
    expect(value('app-guide-step-1-en')).toBe('one');
    fireEvent.click(screen.getByTestId('app-guide-step-0-remove'));
    await waitFor(() => expect(screen.queryByTestId('app-guide-step-1-en')).toBeNull());
    expect(value('app-guide-step-0-en')).toBe('one');
  });

  it('stops adding at the most steps a guide has', async () => {
    const many = Array.from({ length: APP_GUIDE_MAX_STEPS }, (_, i) => ({ textZh: '', textEn: `s${i}` }));
    render(withProviders(<Steps initial={many} seen={vi.fn()} />).tree);
    expect((await screen.findByTestId('app-guide-step-add')).hasAttribute('disabled')).toBe(true);
  });
});

describe('SkuPicker', () => {
  it('searches the catalogue’s SKUs on the server and takes the one picked', async () => {
    const calls = mockFetch((url) =>
      ok(
        url.searchParams.get('keyword') === 'h61'
          ? [{ sku: 'H6199-US', variant: '', model: 'H6199', name: '灯带', nameEn: 'Light strip' }]
          : [],
      ),
    );
    const onChange = vi.fn();
    render(withProviders(<SkuPicker value={[]} onChange={onChange} testId="skus" />).tree);
    const input = (await screen.findByTestId('skus')).querySelector('input') ?? screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'h61' } });
    fireEvent.click(await screen.findByText('H6199-US · H6199 Light strip'));
    expect(onChange).toHaveBeenCalledWith(['H6199-US'], expect.anything());
    const asked = calls.mock.calls.map(([u]) => new URL(String(u), 'http://test.local'));
    expect(asked.some((u) => u.pathname === '/api/appcontent/rest/v1/buying-guide/main/skus')).toBe(true);
  });
});
