// @vitest-environment happy-dom
/**
 * Fields that follow the values being typed: a field shown only for some values (and then
 * neither checked nor sent while hidden), disabled given the values, choices given the values,
 * a screen's input drawn from the values (a picker whose choices another field decides), and a
 * field whose change sets another (`effects`).
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EditDrawer, type Editor } from './EditDrawer';
import { domTestSetup, withProviders } from './test/dom-harness';

const body = z.object({
  kind: z.enum(['daily', 'weekly']),
  weekday: z.number().int().min(1).max(7),
  fragile: z.boolean(),
  size: z.enum(['s', 'm', 'l']).optional(),
  note: z.string().max(20).optional(),
  remark: z.string().optional(),
  /** Only the live preview's name: never sent. */
  preview: z.string().optional(),
});
type Values = z.infer<typeof body>;
const SIZES = [
  { value: 's', label: 'Small' },
  { value: 'm', label: 'Medium' },
  { value: 'l', label: 'Large' },
];

function Schedule({ sent }: { sent: Partial<Values>[] }) {
  const [editor, setEditor] = useState<Editor<Values> | null>({ mode: 'create' });
  return (
    <EditDrawer<Values, Values, Values>
      editor={editor}
      onClose={() => setEditor(null)}
      title={() => 'Schedule'}
      schema={body}
      fields={[
        {
          name: 'kind',
          label: 'Kind',
          input: 'radio',
          options: [
            { value: 'daily', label: 'Daily' },
            { value: 'weekly', label: 'Weekly' },
          ],
        },
        { name: 'weekday', label: 'Weekday', testId: 'weekday', visible: (v) => v.kind === 'weekly' },
        // Made fragile, a large parcel becomes a medium one (the field's effect on another).
        { name: 'fragile', label: 'Fragile', testId: 'fragile', effects: (f, v) => (f && v.size === 'l' ? { size: 'm' } : {}) },
        // A fragile parcel does not come large.
        { name: 'size', label: 'Size', input: 'radio', options: (v) => (v.fragile ? SIZES.slice(0, 2) : SIZES) },
        { name: 'note', label: 'Handling note', testId: 'note', disabled: (_mode, v) => !v.fragile },
        {
          name: 'remark',
          label: 'Remark',
          input: (v) => <Input placeholder={`Remark on a ${v.kind} run`} data-testid="remark" />,
        },
        {
          name: 'preview',
          label: 'Preview',
          display: true,
          extra: (v) => (v.fragile ? 'Handled with care' : undefined),
          input: (v) => <span data-testid="preview">{`Runs ${v.kind}${v.weekday ? ` on day ${v.weekday}` : ''}`}</span>,
        },
      ]}
      initialValues={() => ({ kind: 'daily', fragile: false })}
      onSubmit={async (v) => {
        sent.push(v);
        return v;
      }}
      savedText={() => 'Saved'}
      onSaved={() => {}}
      saveTestId="save"
    />
  );
}

domTestSetup([], { keepGlobals: true });

describe('EditDrawer dependent fields', () => {
  it('shows a field only for the values it belongs to; hidden, it is neither checked nor sent', async () => {
    const sent: Partial<Values>[] = [];
    render(withProviders(<Schedule sent={sent} />).tree);
    await screen.findByText('Daily');
    expect(screen.queryByTestId('weekday')).toBeNull();
    // The schema needs a weekday, but a daily run has none to give.
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('weekday');

    fireEvent.click(screen.getByText('Weekly'));
    const weekday = await screen.findByTestId('weekday');
    fireEvent.click(screen.getByTestId('save'));
    await screen.findByText('Required');
    fireEvent.change(weekday, { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ kind: 'weekly', weekday: 3 });

    fireEvent.click(screen.getByText('Daily'));
    await waitFor(() => expect(screen.queryByTestId('weekday')).toBeNull());
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).not.toHaveProperty('weekday');
  });

  it("disables a field and narrows a field's choices given the other values; a screen's input follows them", async () => {
    render(withProviders(<Schedule sent={[]} />).tree);
    const note = await screen.findByTestId('note');
    expect(note.hasAttribute('disabled')).toBe(true);
    screen.getByText('Large');
    expect(screen.getByTestId('remark').getAttribute('placeholder')).toBe('Remark on a daily run');

    fireEvent.click(screen.getByTestId('fragile'));
    await waitFor(() => expect(screen.getByTestId('note').hasAttribute('disabled')).toBe(false));
    expect(screen.queryByText('Large')).toBeNull();
    screen.getByText('Medium');

    fireEvent.click(screen.getByText('Weekly'));
    await waitFor(() => expect(screen.getByTestId('remark').getAttribute('placeholder')).toBe('Remark on a weekly run'));
  });

  it('draws a display field and its hint from the values being typed, and never sends it', async () => {
    const sent: Partial<Values>[] = [];
    render(withProviders(<Schedule sent={sent} />).tree);
    expect((await screen.findByTestId('preview')).textContent).toBe('Runs daily');
    expect(screen.queryByText('Handled with care')).toBeNull();
    fireEvent.click(screen.getByText('Weekly'));
    fireEvent.change(await screen.findByTestId('weekday'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('fragile'));
    await waitFor(() => expect(screen.getByTestId('preview').textContent).toBe('Runs weekly on day 5'));
    await screen.findByText('Handled with care');
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ kind: 'weekly', weekday: 5, fragile: true });
    expect(sent[0]).not.toHaveProperty('preview');
  });

  it("sets the other fields a field's change affects, and sends what they became", async () => {
    const sent: Partial<Values>[] = [];
    render(withProviders(<Schedule sent={sent} />).tree);
    fireEvent.click(await screen.findByText('Large'));
    fireEvent.click(screen.getByTestId('fragile'));
    await waitFor(() => expect(screen.queryByText('Large')).toBeNull());
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ fragile: true, size: 'm' });
  });
});
