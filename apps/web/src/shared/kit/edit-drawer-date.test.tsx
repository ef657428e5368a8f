// @vitest-environment happy-dom
/** The EditDrawer's `date` field: the contract's day text in and out, a picker in between. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EditDrawer, type Editor } from './EditDrawer';
import { domTestSetup, withProviders } from './test/dom-harness';

interface Rec {
  id: number;
  fromDay: string | null;
}
type Values = Omit<Rec, 'id'>;
const body = z.object({ fromDay: z.iso.date().nullable() }).strict();

function DateEditor({ start, sent }: { start: Editor<Rec>; sent: Values[] }) {
  const [editor, setEditor] = useState<Editor<Rec> | null>(start);
  return (
    <EditDrawer<Rec, Values, Rec>
      editor={editor}
      onClose={() => setEditor(null)}
      title={() => 'Period'}
      schema={body}
      fields={[{ name: 'fromDay', label: 'From', input: 'date', testId: 'from' }]}
      initialValues={(e) => (e.mode === 'create' ? { fromDay: null } : { fromDay: e.record.fromDay })}
      onSubmit={async (v) => {
        sent.push(v);
        return { id: 1, ...v };
      }}
      savedText={() => 'Saved'}
      saveTestId="save"
    />
  );
}

domTestSetup([], { keepGlobals: true });

const input = async () => {
  const el = await screen.findByTestId('from');
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};

describe('EditDrawer date field', () => {
  it('shows the record’s day and sends it back as the day text', async () => {
    const sent: Values[] = [];
    render(withProviders(<DateEditor start={{ mode: 'edit', record: { id: 1, fromDay: '2026-03-01' } }} sent={sent} />).tree);
    expect((await input()).value).toBe('2026-03-01');
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(sent).toEqual([{ fromDay: '2026-03-01' }]));
  });

  it('turns a typed day into the day text', async () => {
    const sent: Values[] = [];
    render(withProviders(<DateEditor start={{ mode: 'create' }} sent={sent} />).tree);
    const el = await input();
    expect(el.value).toBe('');
    fireEvent.mouseDown(el);
    fireEvent.focus(el);
    fireEvent.change(el, { target: { value: '2026-11-30' } });
    fireEvent.keyDown(el, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(el);
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(sent).toEqual([{ fromDay: '2026-11-30' }]));
  });

  it('sends null when no day is chosen', async () => {
    const sent: Values[] = [];
    render(withProviders(<DateEditor start={{ mode: 'create' }} sent={sent} />).tree);
    await input();
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(sent).toEqual([{ fromDay: null }]));
  });
});
