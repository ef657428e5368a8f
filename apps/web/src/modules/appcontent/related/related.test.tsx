// @vitest-environment happy-dom
/**
 * The related effects' editor: the effects listed in order with their names, moved and removed;
 * the list's own effect and the ones already listed are not offered; an effect no longer among
 * the choices (archived) is shown as such rather than as a blank.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { domTestSetup, withProviders } from '../../../shared/kit/test/dom-harness';
import { RelatedIdsInput } from './RelatedIdsInput';
import type { EffectChoice } from './related.queries';

domTestSetup([]);

const effect = (id: number, titleEn: string): EffectChoice => ({
  id,
  library: 'scene',
  name: `e${id}`,
  titleZh: '',
  titleEn,
  state: 'published',
  mode: 'static',
  colors: ['#FF0000'],
  segments: [0],
  speed: null,
  brightness: 100,
});
const CHOICES = [effect(1, 'Aurora'), effect(2, 'Candle'), effect(3, 'Disco'), effect(4, 'Ocean')];
const TEXTS = { add: 'Add', up: 'Move up', down: 'Move down', remove: 'Remove', missing: 'archived or gone' };

function Harness({ initial, seen }: { initial: number[]; seen: (ids: number[]) => void }) {
  const [ids, setIds] = useState(initial);
  return (
    <RelatedIdsInput
      value={ids}
      onChange={(next) => {
        setIds(next);
        seen(next);
      }}
      effectId={1}
      choices={CHOICES}
      zh={false}
      texts={TEXTS}
    />
  );
}

const rowText = (i: number) => screen.getByTestId(`related-${i}`).textContent;

describe('RelatedIdsInput', () => {
  it('moves and removes in order, offers neither the effect itself nor one listed, and names a gone one', async () => {
    const seen = vi.fn();
    render(withProviders(<Harness initial={[2, 3, 99]} seen={seen} />).tree);
    expect(await screen.findByText('#99 · archived or gone')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('related-1')).getByRole('button', { name: 'Move up' }));
    expect(seen).toHaveBeenLastCalledWith([3, 2, 99]);
    expect(rowText(0)).toContain('Disco');
    fireEvent.click(screen.getByTestId('related-2-remove'));
    expect(seen).toHaveBeenLastCalledWith([3, 2]);

    const add = screen.getByTestId('related-add');
    fireEvent.mouseDown(add.querySelector('input') ?? add);
    // One option only (antd's accessible list names it by its value): Ocean, not Aurora (the effect itself) nor those listed.
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['4']);
    expect(screen.queryByTitle('Aurora')).toBeNull();
    fireEvent.click(await screen.findByTitle('Ocean'));
    expect(seen).toHaveBeenLastCalledWith([3, 2, 4]);
  });
});
