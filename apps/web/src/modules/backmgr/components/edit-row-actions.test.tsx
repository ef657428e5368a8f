// @vitest-environment happy-dom
/**
 * A back-office row's actions: Edit under the row's test id, the delete asked first (with its
 * note), and the screen's own action in place of a delete.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { domTestSetup, withProviders } from '../../../shared/kit/test/dom-harness';
import { EditRowActions } from './EditRowActions';

domTestSetup([], { keepGlobals: true });

describe('EditRowActions', () => {
  it('edits the row, and deletes it only once confirmed', async () => {
    const onEdit = vi.fn();
    const onConfirm = vi.fn();
    const remove = { title: 'Delete the guide?', description: 'Its links stop working.', onConfirm };
    render(withProviders(<EditRowActions prefix="doc" id={3} onEdit={onEdit} remove={remove} />).tree);

    fireEvent.click(await screen.findByTestId('doc-edit-3'));
    expect(onEdit).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByTestId('doc-delete-3'));
    expect(await screen.findByText('Its links stop working.')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('doc-delete-confirm'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledOnce());
  });

  it("shows the screen's own action where the row has no delete", async () => {
    render(
      withProviders(
        <EditRowActions prefix="menu" id="sales" onEdit={() => {}}>
          <button type="button">Reset</button>
        </EditRowActions>,
      ).tree,
    );
    expect(await screen.findByTestId('menu-edit-sales')).toBeTruthy();
    expect(screen.getByText('Reset')).toBeTruthy();
    expect(screen.queryByTestId('menu-delete-sales')).toBeNull();
  });
});
