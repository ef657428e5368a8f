// @vitest-environment happy-dom
/**
 * The editor's optional document tools: headings and links are offered only when asked for
 * (mail editors keep their toolbar), a link the screen's rule refuses is not added, and an
 * accepted one is applied to the selection through the browser's editing command.
 */
import { safeHref } from '@bo/contract/backmgr/doc-html';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTexts, installBrowserStubs, withProviders } from '../kit/test/dom-harness';
import { RichTextEditor } from './RichTextEditor';

beforeAll(async () => {
  installBrowserStubs();
  await initTexts('en-US');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RichTextEditor document tools', () => {
  it('offers headings and links only when asked', () => {
    render(withProviders(<RichTextEditor testId="mail" mergeTags={false} />).tree);
    expect(screen.queryByTestId('mail-block')).toBeNull();
    expect(screen.queryByTestId('mail-link')).toBeNull();
    cleanup();
    render(withProviders(<RichTextEditor testId="doc" mergeTags={false} headings link={safeHref} />).tree);
    expect(screen.getByTestId('doc-block')).toBeTruthy();
    expect(screen.getByTestId('doc-link')).toBeTruthy();
  });

  it('adds a link the rule accepts and refuses one it does not', async () => {
    const exec = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    render(withProviders(<RichTextEditor testId="doc" mergeTags={false} link={safeHref} />).tree);
    fireEvent.click(screen.getByTestId('doc-link'));
    const input = await screen.findByTestId('doc-link-input');
    fireEvent.change(input, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByTestId('doc-link-add'));
    expect(exec).not.toHaveBeenCalledWith('createLink', false, expect.anything());
    expect(await screen.findByText('Only http(s) or site-relative links')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'https://example.com/guide' } });
    fireEvent.click(screen.getByTestId('doc-link-add'));
    await waitFor(() => expect(exec).toHaveBeenCalledWith('createLink', false, 'https://example.com/guide'));
  });
});
