// @vitest-environment happy-dom
/** A zh-CN user reads server field errors and the schema's own complaints in Chinese, from their codes. */
import { defineEndpoint, fieldErrorOf } from '@bo/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { applyFieldErrors } from '../forms/form-rules';
import { call } from '../http/http-client';
import { EditDrawer, type Editor } from './EditDrawer';
import { domTestSetup, mockFetch, refused, withProviders } from './test/dom-harness';

const row = z.object({ id: z.number(), name: z.string(), grossWeightG: z.number(), version: z.number() });
type Row = z.infer<typeof row>;
const body = z.object({ name: z.string().trim().min(1).max(20), grossWeightG: z.number().max(1000) });
const createThing = defineEndpoint({
  method: 'POST',
  path: 'kit/rest/v1/things',
  access: 'login',
  summary: 't',
  tags: ['t'],
  body,
  data: row,
});
/** What the server answers: the codes with their en-US messages, as errors.plugin builds them. */
const REFUSAL = {
  fields: [fieldErrorOf('grossWeightG', 'catalog.grossBelowNet'), fieldErrorOf('name', 'tooLong', { max: 20 })],
};

function ThingEditor({ save }: { save: (v: unknown) => Promise<Row> }) {
  const [editor, setEditor] = useState<Editor<Row> | null>({ mode: 'create' });
  return (
    <EditDrawer<Row, { name: string; grossWeightG: number }, Row>
      editor={editor}
      onClose={() => setEditor(null)}
      title={() => '新建'}
      schema={body}
      fields={[
        { name: 'name', label: '名称', testId: 'thing-name' },
        { name: 'grossWeightG', label: '毛重', testId: 'thing-gross' },
      ]}
      initialValues={() => ({ name: '', grossWeightG: 0 })}
      onSubmit={(v) => save(v)}
      savedText={(s) => s.name}
      reload={async (r) => r}
      testId="thing-form"
      saveTestId="thing-save"
    />
  );
}

domTestSetup([], { lang: 'zh-CN' });

describe('field codes in the UI language', () => {
  it('EditDrawer shows the Chinese text of each server field error, not its English message', async () => {
    mockFetch(() => refused(400, 40000, 'grossWeightG: The gross weight is less than the net weight', REFUSAL));
    const save = () => call(createThing, { body: { name: 'Lamp', grossWeightG: 1 } }, { silent: true });
    render(withProviders(<ThingEditor save={save} />).tree);
    fireEvent.change(await screen.findByTestId('thing-name'), { target: { value: 'Lamp' } });
    fireEvent.change(screen.getByTestId('thing-gross'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('thing-save'));
    expect(await screen.findByText('毛重小于净重')).toBeTruthy();
    expect(screen.getByText('最多 20 个字符')).toBeTruthy();
    expect(screen.queryByText('The gross weight is less than the net weight')).toBeNull();
  });

  it("EditDrawer's own checks read the schema's generic codes in Chinese", async () => {
    const save = vi.fn();
    render(withProviders(<ThingEditor save={save} />).tree);
    fireEvent.click(await screen.findByTestId('thing-save'));
    expect(await screen.findByText('必填')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('the older shared/forms path puts coded errors in Chinese, and a field without a code as 无效, never in English', async () => {
    mockFetch(() =>
      refused(400, 40000, 'refused', {
        fields: [fieldErrorOf('name', 'catalog.skuTaken'), { path: 'note', message: 'a plain service message' }],
      }),
    );
    const err = await call(createThing, { body: { name: 'Lamp', grossWeightG: 1 } }, { silent: true }).catch((e) => e);
    function Plain() {
      const [form] = Form.useForm();
      return (
        <Form form={form}>
          <Form.Item name="name" label="SKU">
            <input />
          </Form.Item>
          <Form.Item name="note" label="备注">
            <input />
          </Form.Item>
          <button type="button" onClick={() => applyFieldErrors(form, err, 'zh-CN', ['name', 'note'])}>
            apply
          </button>
        </Form>
      );
    }
    render(withProviders(<Plain />).tree);
    fireEvent.click(await screen.findByText('apply'));
    expect(await screen.findByText('该 SKU 已存在（不区分大小写）')).toBeTruthy();
    expect(screen.getByText('无效')).toBeTruthy();
    expect(screen.queryByText('a plain service message')).toBeNull();
  });

  it("puts a list item's error on that item (`steps.1.textZh` is the form's ['steps', 1, 'textZh'])", async () => {
    mockFetch(() => refused(400, 40000, 'refused', { fields: [fieldErrorOf('steps.1.textZh', 'appContent.stepRequired')] }));
    const err = await call(createThing, { body: { name: 'Lamp', grossWeightG: 1 } }, { silent: true }).catch((e) => e);
    function Steps() {
      const [form] = Form.useForm();
      return (
        <Form form={form} initialValues={{ steps: [{ textZh: 'a' }, { textZh: '' }] }}>
          <Form.List name="steps">
            {(rows) =>
              rows.map((r) => (
                <Form.Item key={r.key} name={[r.name, 'textZh']} label={`step ${r.name}`}>
                  <input data-testid={`step-${r.name}`} />
                </Form.Item>
              ))
            }
          </Form.List>
          <button type="button" onClick={() => applyFieldErrors(form, err, 'zh-CN', ['steps'])}>
            apply
          </button>
        </Form>
      );
    }
    render(withProviders(<Steps />).tree);
    fireEvent.click(await screen.findByText('apply'));
    const error = await screen.findByText('请填写中文或英文步骤');
    expect(screen.getByTestId('step-1').closest('.ant-form-item')?.contains(error)).toBe(true);
  });
});
