// @vitest-environment happy-dom
/**
 * The launches' buy links (the kit's FormLines, so the server's errors land on their line): a line per country,
 * offered once, edited and removed; an empty list says so.
 */

import type { BuyLink } from '@bo/contract/appcontent/app-links';
import { fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { domTestSetup, withProviders } from '../../../shared/kit/test/dom-harness';
import { BuyLinksLines } from './fields';

domTestSetup([], { keepGlobals: true });

const TEXTS = { country: 'Country', url: 'https://', add: 'Add a link', remove: 'Remove', empty: 'No buy links yet' };

function Harness({ seen }: { seen: (v: BuyLink[]) => void }) {
  return (
    <Form initialValues={{ buyLinks: [] }} onValuesChange={(_, all) => seen(all.buyLinks)}>
      <BuyLinksLines label="Buy links" hint="One per country" texts={TEXTS} testId="links" />
    </Form>
  );
}

describe('BuyLinksInput', () => {
  it('adds a line with the first country not used, edits its address and removes it', () => {
    const seen = vi.fn();
    render(withProviders(<Harness seen={seen} />).tree);
    expect(screen.getByText('No buy links yet')).toBeTruthy();
    fireEvent.click(screen.getByTestId('links-add'));
    expect(seen).toHaveBeenLastCalledWith([{ country: 'US', url: 'https://' }]);
    fireEvent.click(screen.getByTestId('links-add'));
    expect(seen).toHaveBeenLastCalledWith([
      { country: 'US', url: 'https://' },
      { country: 'CA', url: 'https://' },
    ]);
    fireEvent.change(screen.getByTestId('links-1-url'), { target: { value: 'https://shop.example.com/ca' } });
    expect(seen).toHaveBeenLastCalledWith([
      { country: 'US', url: 'https://' },
      { country: 'CA', url: 'https://shop.example.com/ca' },
    ]);
    fireEvent.click(screen.getByTestId('links-0-remove'));
    expect(seen).toHaveBeenLastCalledWith([{ country: 'CA', url: 'https://shop.example.com/ca' }]);
  });
});
