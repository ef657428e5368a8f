// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { domTestSetup, withProviders } from '../kit/test/dom-harness';
import { FormProblemAlerts } from './FormProblemAlerts';

domTestSetup([], { keepGlobals: true });

describe('FormProblemAlerts', () => {
  it('says a version is stale and reloads on the button', async () => {
    const onClick = vi.fn();
    render(
      withProviders(
        <FormProblemAlerts
          problem={{ kind: 'stale' }}
          stale={{ title: 'Changed meanwhile', text: 'Reload to see it.', testId: 'stale' }}
          reload={{ onClick, loading: false, testId: 'reload' }}
        />,
      ).tree,
    );
    expect((await screen.findByTestId('stale')).textContent).toContain('Reload to see it.');
    const reload = screen.getByTestId('reload');
    expect(reload.textContent).toBe('Reload');
    expect(reload.className).toContain('ant-btn-primary');
    fireEvent.click(reload);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows a stale banner without a button where the form cannot reload, and none where it has no words for it', async () => {
    const { unmount } = render(withProviders(<FormProblemAlerts problem={{ kind: 'stale' }} stale={{ title: 'Stale' }} />).tree);
    expect(await screen.findByText('Stale')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    const { container } = render(withProviders(<FormProblemAlerts problem={{ kind: 'stale' }} />).tree);
    expect(container.querySelector('.ant-alert')).toBeNull();
  });

  it("shows any other refusal's text", async () => {
    render(withProviders(<FormProblemAlerts problem={{ kind: 'error', text: 'No way' }} errorTestId="err" />).tree);
    expect((await screen.findByTestId('err')).textContent).toContain('No way');
  });
});
