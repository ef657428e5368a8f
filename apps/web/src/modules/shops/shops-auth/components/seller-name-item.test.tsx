// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { domTestSetup, withProviders } from '../../../../shared/kit/test/dom-harness';
import { SellerNameItem } from './SellerNameItem';

domTestSetup([], { keepGlobals: true });

describe('SellerNameItem', () => {
  it('asks for a name that is not blank and sends it', async () => {
    const onFinish = vi.fn();
    render(
      withProviders(
        <Form onFinish={onFinish}>
          <SellerNameItem testId="name" />
          <button type="submit">Go</button>
        </Form>,
      ).tree,
    );
    const input = (await screen.findByTestId('name')) as HTMLInputElement;
    expect(input.maxLength).toBe(60);
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByText('Go'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(onFinish).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'Lamp shop' } });
    fireEvent.click(screen.getByText('Go'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ name: 'Lamp shop' }));
  });
});
