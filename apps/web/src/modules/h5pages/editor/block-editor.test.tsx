// @vitest-environment happy-dom
import { h5PageEndpoints } from '@bo/contract/h5pages/h5-pages';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { domTestSetup, withProviders } from '../../../shared/kit/test/dom-harness';
import { h5PagesTexts } from '../h5pages.locale';
import { BlockEditor } from './BlockEditor';

domTestSetup([h5PagesTexts], { keepGlobals: true });

function Blocks() {
  const blocks = Form.useWatch('blocks') as
    | { kind: string; textEn?: string; en?: { text: string; bold: boolean }[] }[]
    | undefined;
  return <pre data-testid="values">{JSON.stringify(blocks ?? [])}</pre>;
}
const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '[]') as Record<string, unknown>[];

async function addBlock(name: string) {
  fireEvent.click(screen.getByTestId('h5-add-block'));
  fireEvent.click(await screen.findByText(name, { selector: '.ant-dropdown-menu-title-content' }));
}

describe('the H5 block editor', () => {
  it('adds, edits, moves, duplicates and deletes blocks, and undoes a delete', async () => {
    render(
      withProviders(
        <Form initialValues={{ blocks: [] }}>
          <BlockEditor ep={h5PageEndpoints} segment="pages" disabled={false} preview={<span />} />
          <Blocks />
        </Form>,
      ).tree,
    );
    await addBlock('Heading');
    fireEvent.change(await screen.findByTestId('h5-block-0-textEn'), { target: { value: 'Hello' } });
    await addBlock('Paragraph');
    fireEvent.change(await screen.findByTestId('h5-block-1-en'), { target: { value: 'Say **hi**' } });
    await waitFor(() => expect(values().map((b) => b.kind)).toEqual(['heading', 'paragraph']));
    // The paragraph's markup is kept as runs.
    expect(values()[1]?.en).toEqual([
      { text: 'Say ', bold: false, italic: false, link: null },
      { text: 'hi', bold: true, italic: false, link: null },
    ]);

    fireEvent.click(screen.getByTestId('h5-block-1-up'));
    await waitFor(() => expect(values().map((b) => b.kind)).toEqual(['paragraph', 'heading']));
    fireEvent.click(screen.getByTestId('h5-block-1-duplicate'));
    await waitFor(() => expect(values().map((b) => b.kind)).toEqual(['paragraph', 'heading', 'heading']));
    await waitFor(() => expect(values()[2]?.textEn).toBe('Hello'));

    fireEvent.click(screen.getByTestId('h5-block-0-remove'));
    await waitFor(() => expect(values().map((b) => b.kind)).toEqual(['heading', 'heading']));
    fireEvent.click(await screen.findByTestId('h5-undo'));
    await waitFor(() => expect(values().map((b) => b.kind)).toEqual(['paragraph', 'heading', 'heading']));
    expect(((values()[0]?.en ?? []) as { text: string }[]).map((r) => r.text).join('')).toBe('Say hi');
  });
});
