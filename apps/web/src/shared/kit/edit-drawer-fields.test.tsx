// @vitest-environment happy-dom
/**
 * The EditDrawer's field kinds and hooks beyond plain inputs: the bilingual pair, a check the
 * screen runs before saving, a read-only form, staying open after a save, and the slots under
 * the fields and under the form.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EditDrawer, type EditDrawerProps, type Editor } from './EditDrawer';
import { domTestSetup, withProviders } from './test/dom-harness';

interface Rec {
  id: number;
  name: string;
  nameEn: string;
  note: string;
}
type Values = Omit<Rec, 'id'>;

const body = z
  .object({ name: z.string().trim().max(12).default(''), nameEn: z.string().trim().max(20).default(''), note: z.string() })
  .strict();
const REC: Rec = { id: 7, name: '灯带', nameEn: 'Strip light', note: 'n' };
const PAIRS = [
  { zh: '灯带', en: 'Strip light' },
  { zh: '台灯', en: 'Desk lamp' },
];

function Editor_(
  props: Partial<EditDrawerProps<Rec, Values, Rec>> & { start: Editor<Rec>; sent: Values[]; onSavedTo?: (r: Rec) => void },
) {
  const [editor, setEditor] = useState<Editor<Rec> | null>(props.start);
  return (
    <>
      <span data-testid="mode">{editor ? editor.mode : 'closed'}</span>
      <EditDrawer<Rec, Values, Rec>
        editor={editor}
        onClose={() => setEditor(null)}
        title={() => 'Thing'}
        schema={body}
        fields={[
          {
            name: 'name',
            input: 'bilingual',
            label: 'Chinese name',
            pair: { name: 'nameEn', label: 'English name', testId: 'name-en' },
            requireOne: true,
            pairs: PAIRS,
            testId: 'name-zh',
          },
          { name: 'note', label: 'Note', testId: 'note' },
        ]}
        initialValues={(e) => (e.mode === 'create' ? { name: '', nameEn: '', note: 'n' } : e.record)}
        onSubmit={async (v) => {
          props.sent.push(v);
          return { ...REC, ...v };
        }}
        savedText={(s) => `Saved ${s.nameEn}`}
        saveTestId="save"
        {...props}
        onSaved={
          props.onSavedTo
            ? (saved) => {
                props.onSavedTo?.(saved);
                setEditor({ mode: 'edit', record: saved });
              }
            : undefined
        }
      />
    </>
  );
}

domTestSetup([], { keepGlobals: true });

// The first render loads antd's form and select: slow on a busy machine.

describe('EditDrawer bilingual field', () => {
  it('draws both sides with the schema limits and needs one of the two texts', async () => {
    const sent: Values[] = [];
    render(withProviders(<Editor_ start={{ mode: 'create' }} sent={sent} />).tree);
    const zh = await screen.findByTestId('name-zh');
    const en = screen.getByTestId('name-en');
    expect(zh.getAttribute('maxlength')).toBe('12');
    expect(en.getAttribute('maxlength')).toBe('20');
    screen.getByText('Chinese name');
    screen.getByText('English name');

    fireEvent.click(screen.getByTestId('save'));
    const ONE_OF_TWO = 'Enter it in Chinese or in English (or both)';
    await waitFor(() => expect(screen.queryAllByText(ONE_OF_TWO)).toHaveLength(2));
    expect(sent).toEqual([]);

    // The English text alone is enough: both sides' complaints go.
    fireEvent.change(en, { target: { value: 'Lamp' } });
    // (An error leaving is still drawn while it fades: the fields' state says it is gone.)
    await waitFor(() => expect(document.querySelectorAll('.ant-form-item-has-error')).toHaveLength(0));
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(sent).toEqual([{ name: '', nameEn: 'Lamp', note: 'n' }]));
  });

  it('suggests the pairs in use and fills the empty other side from a pick, never over a typed text', async () => {
    const sent: Values[] = [];
    render(withProviders(<Editor_ start={{ mode: 'create' }} sent={sent} />).tree);
    const zh = await screen.findByTestId('name-zh');
    const en = screen.getByTestId('name-en') as HTMLInputElement;
    fireEvent.change(zh, { target: { value: '台' } });
    fireEvent.click(await screen.findByTitle('台灯'));
    await waitFor(() => expect(en.value).toBe('Desk lamp'));

    // A typed English text stays when the Chinese side picks another pair.
    fireEvent.change(en, { target: { value: 'My lamp' } });
    fireEvent.change(zh, { target: { value: '灯' } });
    fireEvent.click(await screen.findByTitle('灯带'));
    await waitFor(() => expect((screen.getByTestId('name-zh') as HTMLInputElement).value).toBe('灯带'));
    expect(en.value).toBe('My lamp');
  });
});

describe('EditDrawer hooks', () => {
  it("refuses a save the screen's check finds wrong, with its banner, until a value changes", async () => {
    const sent: Values[] = [];
    render(
      withProviders(
        <Editor_
          start={{ mode: 'edit', record: REC }}
          sent={sent}
          beforeSubmit={(v) => (v.note.includes('http') ? { title: 'No links', testId: 'blocked' } : null)}
        />,
      ).tree,
    );
    fireEvent.change(await screen.findByTestId('note'), { target: { value: 'see http://x' } });
    fireEvent.click(screen.getByTestId('save'));
    await screen.findByTestId('blocked');
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByTestId('note'), { target: { value: 'see the box' } });
    await waitFor(() => expect(screen.queryByTestId('blocked')).toBeNull());
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(sent).toHaveLength(1));
  });

  it('shows a read-only record: inputs disabled, no Save, its own actions still usable', async () => {
    let history = 0;
    render(
      withProviders(
        <Editor_
          start={{ mode: 'edit', record: REC }}
          sent={[]}
          readOnly={() => true}
          extraActions={() => (
            <Button onClick={() => (history += 1)} data-testid="history">
              History
            </Button>
          )}
        />,
      ).tree,
    );
    expect((await screen.findByTestId('note')).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('name-en').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('save')).toBeNull();
    fireEvent.click(screen.getByTestId('history'));
    expect(history).toBe(1);
    await act(async () => {
      fireEvent.click(screen.getByText('Close'));
    });
    await waitFor(() => expect(screen.getByTestId('mode').textContent).toBe('closed'));
  });

  it('lets the screen open what comes next after a save instead of closing', async () => {
    const saved: Rec[] = [];
    render(withProviders(<Editor_ start={{ mode: 'create' }} sent={[]} onSavedTo={(r) => saved.push(r)} />).tree);
    fireEvent.change(await screen.findByTestId('name-en'), { target: { value: 'Desk lamp' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(screen.getByTestId('mode').textContent).toBe('edit'));
    expect(saved.map((r) => r.nameEn)).toEqual(['Desk lamp']);
    await screen.findByText('Saved Desk lamp');
  });

  it('draws the live slot inside the form and the other one under it', async () => {
    function NoteEcho() {
      const note = Form.useWatch('note', Form.useFormInstance());
      return <p data-testid="echo">{note}</p>;
    }
    render(
      withProviders(
        <Editor_
          start={{ mode: 'edit', record: REC }}
          sent={[]}
          below={() => <NoteEcho />}
          after={(e) => <p data-testid="after">{e.mode === 'edit' ? e.record.id : ''}</p>}
        />,
      ).tree,
    );
    fireEvent.change(await screen.findByTestId('note'), { target: { value: 'typed' } });
    await waitFor(() => expect(screen.getByTestId('echo').textContent).toBe('typed'));
    expect(screen.getByTestId('after').textContent).toBe('7');
    expect(screen.getByTestId('after').closest('form')).toBeNull();
  });
});
