// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { domTestSetup, withProviders } from '../../../../shared/kit/test/dom-harness';
import { RoleSelect } from './RoleSelect';

domTestSetup([], { keepGlobals: true });

const roles = {
  isPending: false,
  data: [
    { id: 1, name: 'Buyer', assignable: true },
    { id: 2, name: 'Admin', assignable: false },
  ],
};

describe('RoleSelect', () => {
  it('offers the roles by name, greying out one the caller may not give and saying why', async () => {
    const onChange = vi.fn();
    render(withProviders(<RoleSelect roles={roles} placeholder="Roles" testId="roles" onChange={onChange} />).tree);
    fireEvent.mouseDown(within(await screen.findByTestId('roles')).getByRole('combobox'));
    const admin = await screen.findByTitle('This role grants permissions you do not hold');
    expect(admin.getAttribute('aria-disabled') ?? admin.className).toMatch(/true|disabled/);
    fireEvent.click(await screen.findByTitle('Buyer'));
    expect(onChange).toHaveBeenCalledWith([1], expect.anything());
  });
});
