// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ButtonPermissionsProvider } from '../Can';
import { AddButton } from './AddButton';
import { installBrowserStubs, withProviders } from './test/dom-harness';

beforeAll(installBrowserStubs);
afterEach(cleanup);

const button = (held: string[], onClick = () => {}, type?: 'default') =>
  withProviders(
    <ButtonPermissionsProvider value={new Set(held)}>
      <span data-testid="rendered" />
      <AddButton permission="email:blacklist:create" onClick={onClick} testId="add" type={type}>
        Add
      </AddButton>
    </ButtonPermissionsProvider>,
  ).tree;

describe('AddButton', () => {
  it('is a primary plus button for a holder of the permission, and clicks through', async () => {
    const onClick = vi.fn();
    render(button(['email:blacklist:create'], onClick));
    const b = await screen.findByTestId('add');
    expect(b.className).toContain('ant-btn-primary');
    expect(b.querySelector('.anticon-plus')).not.toBeNull();
    fireEvent.click(b);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is not there without the permission', async () => {
    render(button(['email:blacklist:delete']));
    await screen.findByTestId('rendered');
    expect(screen.queryByTestId('add')).toBeNull();
  });

  it('can be a default button', async () => {
    render(button(['email:blacklist:create'], () => {}, 'default'));
    expect((await screen.findByTestId('add')).className).not.toContain('ant-btn-primary');
  });
});
