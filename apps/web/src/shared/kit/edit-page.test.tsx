// @vitest-environment happy-dom
/**
 * The EditPage: the edit drawer's form on a page of its own. The same rules hold: the body
 * schema's checks before anything is sent, the server's 400 field errors on their fields, the
 * 409 stale banner whose Reload starts the form again from the newest record, leaving with
 * unsaved changes asks first, a read-only record, the screen's check before saving.
 */
import { defineEndpoint, ERROR_CODES, fieldErrorOf } from '@bo/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call } from '../http/http-client';
import { EditPage, type EditPageProps } from './EditPage';
import { domTestSetup, mockFetch, refused, withProviders } from './test/dom-harness';

const row = z.object({ id: z.number(), title: z.string(), body: z.string(), version: z.number() });
type Rec = z.infer<typeof row>;
type Values = { title: string; body: string };
const body = z.object({ title: z.string().trim().min(1).max(30), body: z.string().max(500) });
const saveThing = defineEndpoint({
  method: 'PUT',
  path: 'kit/rest/v1/pages',
  access: 'login',
  summary: 't',
  tags: ['t'],
  body,
  data: row,
});
const REC: Rec = { id: 4, title: 'Packing', body: 'Wrap twice', version: 2 };

function Page(props: Partial<EditPageProps<Rec, Values, Rec>> & { sent?: Values[]; serverSave?: boolean }) {
  const navigate = useNavigate();
  // The screen's record, as its query has it: someone else's save shows up here in the background.
  const [record, setRecord] = useState<Rec>(REC);
  return (
    <>
      <button type="button" onClick={() => setRecord({ ...record, title: 'Refetched', version: record.version + 1 })}>
        background refetch
      </button>
      <EditPage<Rec, Values, Rec>
        editor={{ mode: 'edit', record }}
        back={() => navigate('/elsewhere')}
        title={(e) => (e.mode === 'edit' ? `Edit ${e.record.title}` : 'New')}
        subtitle={(e) => (e.mode === 'edit' ? `version ${e.record.version}` : null)}
        schema={body}
        fields={[
          { name: 'title', label: 'Title', testId: 'page-title' },
          { name: 'body', label: 'Body', input: 'textarea', testId: 'page-body' },
        ]}
        initialValues={(e) => (e.mode === 'edit' ? { title: e.record.title, body: e.record.body } : {})}
        onSubmit={async (v) => {
          props.sent?.push(v);
          if (props.serverSave) return call(saveThing, { body: v }, { silent: true });
          return { ...record, ...v, version: record.version + 1 };
        }}
        savedText={(s) => `Saved ${s.title}`}
        onSaved={() => navigate('/elsewhere')}
        reload={async (r) => {
          const fresh = { ...r, title: 'Packing (theirs)', version: r.version + 1 };
          setRecord(fresh);
          return fresh;
        }}
        saveText="Save as new version"
        saveTestId="page-save"
        pageTestId="the-page"
        {...props}
      />
    </>
  );
}

domTestSetup([], { keepGlobals: true });

describe('EditPage', () => {
  it("draws the head and the form, applies the schema's rules, then saves and goes on", async () => {
    const sent: Values[] = [];
    render(withProviders(<Page sent={sent} />).tree);
    await screen.findByText('Edit Packing');
    screen.getByText('version 2');
    expect(screen.getByTestId('page-title').getAttribute('maxlength')).toBe('30');
    fireEvent.change(screen.getByTestId('page-title'), { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('page-save'));
    await screen.findByText('Required');
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByTestId('page-title'), { target: { value: 'Packing list' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as new version' }));
    // Saved and gone on, without asking about the changes just saved.
    await screen.findByText('elsewhere');
    expect(sent).toEqual([{ title: 'Packing list', body: 'Wrap twice' }]);
    expect(screen.queryAllByText('Discard unsaved changes?')).toHaveLength(0);
  });

  it("puts the server's field errors on their fields", async () => {
    mockFetch(() => refused(400, 40000, 'title: This name is taken', { fields: [fieldErrorOf('title', 'nameTaken')] }));
    render(withProviders(<Page serverSave />).tree);
    fireEvent.change(await screen.findByTestId('page-title'), { target: { value: 'Taken' } });
    fireEvent.click(screen.getByTestId('page-save'));
    await screen.findByText('This name is taken');
    expect(screen.queryByText('elsewhere')).toBeNull();
  });

  it('shows the stale banner on a 409; Reload starts the form again from the newest record', async () => {
    mockFetch(() => refused(409, ERROR_CODES.STALE_VERSION, 'someone else changed this record'));
    render(withProviders(<Page serverSave />).tree);
    fireEvent.change(await screen.findByTestId('page-body'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByTestId('page-save'));
    await screen.findByTestId('kit-stale');
    fireEvent.click(screen.getByTestId('kit-stale-reload'));
    await screen.findByText('version 3');
    await waitFor(() => expect((screen.getByTestId('page-title') as HTMLInputElement).value).toBe('Packing (theirs)'));
    expect((screen.getByTestId('page-body') as HTMLTextAreaElement).value).toBe('Wrap twice');
    expect(screen.queryByTestId('kit-stale')).toBeNull();
  });

  it('keeps the version it opened with when the record is refetched in the background', async () => {
    render(withProviders(<Page />).tree);
    fireEvent.change(await screen.findByTestId('page-body'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByText('background refetch'));
    await screen.findByText('background refetch');
    expect((screen.getByTestId('page-body') as HTMLTextAreaElement).value).toBe('Mine');
    expect((screen.getByTestId('page-title') as HTMLInputElement).value).toBe('Packing');
    screen.getByText('version 2');
  });

  it('asks before leaving with unsaved changes: staying keeps them, leaving goes', async () => {
    render(withProviders(<Page />).tree);
    fireEvent.change(await screen.findByTestId('page-body'), { target: { value: 'Half written' } });
    await act(async () => {
      fireEvent.click(screen.getByText('Cancel'));
    });
    await screen.findAllByText('Discard unsaved changes?');
    fireEvent.click(screen.getByText('Keep editing'));
    await waitFor(() => expect(screen.queryAllByText('Discard unsaved changes?')).toHaveLength(0));
    expect((screen.getByTestId('page-body') as HTMLTextAreaElement).value).toBe('Half written');

    // The head's arrow goes the same way.
    await act(async () => {
      fireEvent.click(screen.getByTestId('kit-back'));
    });
    await screen.findAllByText('Discard unsaved changes?');
    fireEvent.click(screen.getByText('Leave'));
    await screen.findByText('elsewhere');
  });

  it('leaves at once without changes', async () => {
    render(withProviders(<Page />).tree);
    await screen.findByTestId('page-title');
    fireEvent.click(screen.getByTestId('kit-back'));
    await screen.findByText('elsewhere');
  });

  it('shows a read-only record: inputs disabled, no Save, Close goes back', async () => {
    render(withProviders(<Page readOnly={() => true} />).tree);
    expect((await screen.findByTestId('page-title')).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('page-save')).toBeNull();
    fireEvent.click(screen.getByText('Close'));
    await screen.findByText('elsewhere');
  });

  it("refuses a save the screen's check finds wrong, with its banner", async () => {
    const sent: Values[] = [];
    render(
      withProviders(
        <Page sent={sent} beforeSubmit={(v) => (v.body.includes('http') ? { title: 'No links', testId: 'blocked' } : null)} />,
      ).tree,
    );
    fireEvent.change(await screen.findByTestId('page-body'), { target: { value: 'see http://x' } });
    fireEvent.click(screen.getByTestId('page-save'));
    await screen.findByTestId('blocked');
    expect(sent).toEqual([]);
  });
});
