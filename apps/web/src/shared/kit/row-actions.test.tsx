// @vitest-environment happy-dom
import { PlayCircleOutlined } from '@ant-design/icons';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ButtonPermissionsProvider } from '../Can';
import { ActionLinks, type RowAction, RowActions } from './RowActions';
import { domTestSetup, withProviders } from './test/dom-harness';

domTestSetup([], { keepGlobals: true });

const held = (permissions: string[], element: React.ReactNode) =>
  withProviders(
    <ButtonPermissionsProvider value={new Set(permissions)}>
      <span data-testid="rendered" />
      {element}
    </ButtonPermissionsProvider>,
  ).tree;

describe('ActionLinks', () => {
  it('draws the declared links in order and leaves out the hidden ones and those the user may not take', async () => {
    const onRun = vi.fn();
    const actions: RowAction[] = [
      { testId: 'run-1', label: 'Run', icon: <PlayCircleOutlined />, onClick: onRun },
      { testId: 'edit-1', label: 'Edit', onClick: () => {}, permission: 'email:blacklist:create' },
      { testId: 'copy-1', label: 'Copy', onClick: () => {}, permission: 'email:blacklist:delete' },
      { testId: 'runs-1', label: 'Runs', onClick: () => {}, hidden: true },
    ];
    render(held(['email:blacklist:create'], <ActionLinks actions={actions} />));
    const run = await screen.findByTestId('run-1');
    expect(run.className).toContain('ant-btn-link');
    expect(run.querySelector('.anticon-play-circle')).not.toBeNull();
    expect(screen.getByTestId('edit-1').textContent).toBe('Edit');
    expect(screen.queryByTestId('copy-1')).toBeNull();
    expect(screen.queryByTestId('runs-1')).toBeNull();
    const order = [...document.querySelectorAll('button[data-testid]')].map((b) => b.getAttribute('data-testid'));
    expect(order).toEqual(['run-1', 'edit-1']);
    fireEvent.click(run);
    expect(onRun).toHaveBeenCalledTimes(1);
  });

  it('asks before an action with a question and runs it only on OK', async () => {
    const onClick = vi.fn();
    render(
      held(
        [],
        <ActionLinks
          actions={[
            {
              testId: 'disable-1',
              label: 'Disable',
              danger: true,
              onClick,
              confirm: { title: 'Disable Ann?', description: 'She cannot sign in.', okText: 'Disable', testId: 'disable-ok' },
            },
          ]}
        />,
      ),
    );
    const button = await screen.findByTestId('disable-1');
    expect(button.className).toContain('ant-btn-dangerous');
    fireEvent.click(button);
    expect(await screen.findByText('Disable Ann?')).toBeTruthy();
    expect(screen.getByText('She cannot sign in.')).toBeTruthy();
    expect(onClick).not.toHaveBeenCalled();
    const ok = screen.getByTestId('disable-ok');
    expect(ok.className).toContain('ant-btn-dangerous');
    fireEvent.click(ok);
    await waitFor(() => expect(onClick).toHaveBeenCalledTimes(1));
  });

  it('deletes through the kit delete link, after its confirmation', async () => {
    const onConfirm = vi.fn();
    render(
      held(
        ['email:blacklist:delete'],
        <ActionLinks
          actions={[
            {
              testId: 'del-1',
              permission: 'email:blacklist:delete',
              remove: { title: 'Delete the row?', onConfirm, confirmTestId: 'del-ok' },
            },
          ]}
        />,
      ),
    );
    const button = await screen.findByTestId('del-1');
    expect(button.textContent).toBe('Delete');
    expect(button.querySelector('.anticon-delete')).not.toBeNull();
    fireEvent.click(button);
    fireEvent.click(await screen.findByTestId('del-ok'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });

  it('greys out a disabled action, says why on hover, and neither runs nor asks', async () => {
    const onClick = vi.fn();
    render(
      held(
        [],
        <ActionLinks
          actions={[
            {
              testId: 'send-1',
              label: 'Send',
              onClick,
              disabled: true,
              reason: 'Nothing to send',
              confirm: { title: 'Send now?' },
            },
          ]}
        />,
      ),
    );
    const button = await screen.findByTestId('send-1');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    fireEvent.pointerEnter(button);
    expect(await screen.findByText('Nothing to send')).toBeTruthy();
    expect(screen.queryByText('Send now?')).toBeNull();
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('RowActions', () => {
  it('offers edit and delete to holders of their buttons and history to everyone', async () => {
    const edit = { permission: 'email:blacklist:create' as const, onClick: () => {} };
    const remove = { permission: 'email:blacklist:delete' as const, title: 'Delete?', onConfirm: () => {} };
    render(
      held(['email:blacklist:create'], <RowActions prefix="thing" id={7} edit={edit} onHistory={() => {}} remove={remove} />),
    );
    expect(await screen.findByTestId('thing-edit-7')).toBeTruthy();
    expect(screen.getByTestId('thing-history-7')).toBeTruthy();
    expect(screen.queryByTestId('thing-delete-7')).toBeNull();
  });
});
