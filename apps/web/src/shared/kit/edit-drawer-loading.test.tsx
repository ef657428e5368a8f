// @vitest-environment happy-dom
/** The edit drawer waits for the data its fields need (`needs`), and draws a field that brings its own form items. */
import { defineEndpoint } from '@bo/contract';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Checkbox, Form, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call } from '../http/http-client';
import { EditDrawer } from './EditDrawer';
import { queriesNeeded } from './form-needs';
import { domTestSetup, mockFetch, ok, refused, withProviders } from './test/dom-harness';

const tagsOf = defineEndpoint({
  method: 'GET',
  path: 'kit/rest/v1/things/{id}/tags',
  access: 'login',
  summary: 'test',
  tags: ['test'],
  params: z.object({ id: z.number() }),
  data: z.array(z.object({ id: z.number(), name: z.string() })),
});
const body = z.object({ name: z.string().trim().min(1).max(20), tagIds: z.array(z.number()), secret: z.string().min(4) });
type Values = { name: string; tagIds: number[]; secret: string };
interface Thing {
  id: number;
  name: string;
}

/** An editor whose tag field lists the thing's tags, checked from the start: it cannot open before they load. */
function TaggedThingEditor({ onSave }: { onSave: (v: Values) => void }) {
  const thing: Thing = { id: 7, name: 'Desk lamp' };
  const tags = useQuery({ queryKey: ['tags', 7], queryFn: () => call(tagsOf, { params: { id: 7 } }, { silent: true }) });
  const all = tags.data ?? [];
  return (
    <EditDrawer<Thing, Values, Values>
      editor={{ mode: 'edit', record: thing }}
      onClose={() => {}}
      title={(e) => `Edit ${e.record?.name}`}
      schema={body}
      needs={queriesNeeded(tags)}
      fields={[
        { name: 'name', label: 'Name', testId: 'thing-name' },
        {
          name: 'tagIds',
          label: 'Tags',
          input: <Checkbox.Group options={all.map((t) => ({ value: t.id, label: t.name }))} data-testid="thing-tags" />,
        },
        {
          name: 'secret',
          label: 'Secret',
          bare: true,
          input: (
            <Form.Item name="secret" label="Secret" rules={[{ required: true, message: 'Secret please' }]}>
              <Input data-testid="thing-secret" />
            </Form.Item>
          ),
        },
      ]}
      initialValues={(e) => ({ name: e.mode === 'edit' ? e.record.name : '', tagIds: all.map((t) => t.id) })}
      onSubmit={async (v) => {
        onSave(v);
        return v;
      }}
      savedText={() => 'Saved'}
      drawerTestId="thing-drawer"
      saveTestId="thing-save"
    />
  );
}

// antd's first render in a DOM test is slow on a busy machine, as in kit.test.tsx.
domTestSetup([], { keepGlobals: true });

describe('EditDrawer waiting for what its fields need', () => {
  it('shows no form until the data has loaded, then opens with initial values drawn from it', async () => {
    let answer: (r: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    render(withProviders(<TaggedThingEditor onSave={() => {}} />).tree);

    await screen.findByTestId('thing-drawer');
    await screen.findByText('Edit Desk lamp');
    // Still loading: a skeleton, no field, nothing to save.
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.queryByTestId('thing-name')).toBeNull();
    expect(screen.queryByTestId('thing-save')).toBeNull();

    answer(
      ok([
        { id: 1, name: 'Office' },
        { id: 2, name: 'LED' },
      ]),
    );
    const name = (await screen.findByTestId('thing-name')) as HTMLInputElement;
    expect(name.value).toBe('Desk lamp');
    const boxes = screen.getByTestId('thing-tags').querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    expect([...boxes].map((b) => b.checked)).toEqual([true, true]);
  });

  it('draws a bare field as its own form item, with its own rule, its value part of what is saved', async () => {
    mockFetch(() => ok([{ id: 1, name: 'Office' }]));
    const saved: Values[] = [];
    render(withProviders(<TaggedThingEditor onSave={(v) => saved.push(v)} />).tree);
    fireEvent.click(await screen.findByTestId('thing-save'));
    await screen.findByText('Secret please');
    expect(saved).toEqual([]);
    fireEvent.change(screen.getByTestId('thing-secret'), { target: { value: 'open sesame' } });
    fireEvent.click(screen.getByTestId('thing-save'));
    await waitFor(() => expect(saved).toEqual([{ name: 'Desk lamp', tagIds: [1], secret: 'open sesame' }]));
  });

  it('shows a failed load with Retry instead of a form, and opens the form once Retry succeeds', async () => {
    let fail = true;
    const fetch = mockFetch(() => (fail ? refused(500, 50000, 'database down') : ok([{ id: 3, name: 'Outdoor' }])));
    render(withProviders(<TaggedThingEditor onSave={() => {}} />).tree);

    const retry = await screen.findByTestId('list-retry');
    expect(screen.getByText('Server internal error')).toBeTruthy();
    // A form's data, not a list: the panel says so.
    expect(screen.getByText('What this form needs could not be loaded')).toBeTruthy();
    expect(screen.queryByText('The list could not be loaded')).toBeNull();
    expect(screen.queryByTestId('thing-name')).toBeNull();

    fail = false;
    fireEvent.click(retry);
    await screen.findByTestId('thing-name');
    expect(screen.getByText('Outdoor')).toBeTruthy();
    expect(screen.queryByTestId('list-retry')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
