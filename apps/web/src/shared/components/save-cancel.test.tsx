// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { domTestSetup, withProviders } from '../kit/test/dom-harness';
import { SaveCancel } from './SaveCancel';

domTestSetup([], { keepGlobals: true });

describe('SaveCancel', () => {
  it('cancels, saves, and spins while saving', async () => {
    const onCancel = vi.fn();
    const onSave = vi.fn();
    const { rerender } = render(
      withProviders(<SaveCancel onCancel={onCancel} onSave={onSave} saving={false} testId="save" />).tree,
    );
    fireEvent.click(await screen.findByText('Cancel'));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('save'));
    expect(onSave).toHaveBeenCalledTimes(1);
    rerender(withProviders(<SaveCancel onCancel={onCancel} onSave={onSave} saving testId="save" />).tree);
    expect((await screen.findByTestId('save')).className).toContain('ant-btn-loading');
  });
});
