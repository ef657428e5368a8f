// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Checkbox, Form, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { FormLines, LineField, useFormDirty, useFormValue, useFormValues } from './FormLines';
import { domTestSetup, withProviders } from './test/dom-harness';

domTestSetup([], { keepGlobals: true });

interface Line {
  sku: string;
}

function Count() {
  return <span data-testid="count">{(useFormValue<Line[]>('lines') ?? []).length}</span>;
}

describe('FormLines', () => {
  it('shows the empty text, adds lines from its head, binds each line’s inputs and removes one', async () => {
    render(
      withProviders(
        <Form initialValues={{ lines: [] }}>
          <FormLines<Line>
            name="lines"
            label="Lines"
            empty="No lines yet"
            head={(add) => (
              <Button onClick={() => add({ sku: `SKU-${Math.random().toString(36).slice(2, 6)}` })} data-testid="add">
                Add
              </Button>
            )}
            line={({ key, index, field, remove }) => (
              <div key={key} data-testid={`line-${index}`}>
                <LineField name={field('sku')}>
                  <Input data-testid={`sku-${index}`} />
                </LineField>
                <Button onClick={remove} data-testid={`remove-${index}`}>
                  x
                </Button>
              </div>
            )}
          />
          <Count />
        </Form>,
      ).tree,
    );
    expect(await screen.findByText('No lines yet')).toBeTruthy();
    fireEvent.click(screen.getByTestId('add'));
    fireEvent.click(screen.getByTestId('add'));
    expect(await screen.findByTestId('line-1')).toBeTruthy();
    expect(screen.queryByText('No lines yet')).toBeNull();
    expect((screen.getByTestId('sku-0') as HTMLInputElement).value).toMatch(/^SKU-/);
    fireEvent.click(screen.getByTestId('remove-0'));
    expect(screen.queryByTestId('line-1')).toBeNull();
    expect((await screen.findByTestId('count')).textContent).toBe('1');
  });

  it('moves a line and adds a copy under it', async () => {
    render(
      withProviders(
        <Form initialValues={{ lines: [{ sku: 'A' }, { sku: 'B' }] }}>
          <FormLines<Line>
            name="lines"
            label="Lines"
            empty="none"
            line={({ key, index, field, move, count }, add) => (
              <div key={key} data-testid={`line-${index}`}>
                <LineField name={field('sku')}>
                  <Input data-testid={`sku-${index}`} />
                </LineField>
                <Button disabled={index === count - 1} onClick={() => move(index + 1)} data-testid={`down-${index}`}>
                  down
                </Button>
                <Button onClick={() => add({ sku: `${index}-copy` }, index + 1)} data-testid={`copy-${index}`}>
                  copy
                </Button>
              </div>
            )}
          />
        </Form>,
      ).tree,
    );
    const skus = () =>
      [0, 1, 2].flatMap((i) => {
        const el = screen.queryByTestId(`sku-${i}`) as HTMLInputElement | null;
        return el ? [el.value] : [];
      });
    expect(await screen.findByTestId('line-1')).toBeTruthy();
    expect((screen.getByTestId('down-1') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('down-0'));
    expect(skus()).toEqual(['B', 'A']);
    fireEvent.click(screen.getByTestId('copy-0'));
    expect(await screen.findByTestId('line-2')).toBeTruthy();
    expect(skus()).toEqual(['B', '0-copy', 'A']);
  });

  it('binds a checkbox of a line through valuePropName', async () => {
    let form: ReturnType<typeof Form.useForm>[0] | undefined;
    function Harness() {
      const [f] = Form.useForm();
      form = f;
      return (
        <Form form={f} initialValues={{ lines: [{ on: true }, { on: false }] }}>
          <FormLines<{ on: boolean }>
            name="lines"
            label="Lines"
            empty="none"
            line={({ key, index, field }) => (
              <LineField key={key} name={field('on')} valuePropName="checked">
                <Checkbox data-testid={`on-${index}`}>on</Checkbox>
              </LineField>
            )}
          />
        </Form>
      );
    }
    render(withProviders(<Harness />).tree);
    const second = (await screen.findByTestId('on-1')) as HTMLInputElement;
    expect((screen.getByTestId('on-0') as HTMLInputElement).checked).toBe(true);
    expect(second.checked).toBe(false);
    fireEvent.click(second);
    expect(form?.getFieldValue(['lines', 1, 'on'])).toBe(true);
  });
});

describe('useFormValues and useFormDirty', () => {
  it('follow what is typed, hidden fields included, and say once the form was changed', async () => {
    function Probe() {
      const values = useFormValues<{ name?: string; hidden?: string }>();
      const dirty = useFormDirty();
      return <span data-testid="probe">{`${values?.name ?? ''}|${values?.hidden ?? ''}|${dirty}`}</span>;
    }
    render(
      withProviders(
        <Form initialValues={{ name: 'A', hidden: 'kept' }}>
          <Form.Item name="name">
            <Input data-testid="name" />
          </Form.Item>
          <Probe />
        </Form>,
      ).tree,
    );
    expect((await screen.findByTestId('probe')).textContent).toBe('A|kept|false');
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'AB' } });
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('AB|kept|true'));
  });
});
