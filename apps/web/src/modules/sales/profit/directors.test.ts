import { describe, expect, it } from 'vitest';
import { directorOptions } from './directors';

describe('director options', () => {
  it('lists each director once with the teams they lead, and leaves out teams without one', () => {
    expect(
      directorOptions([
        { name: 'Strips EU', directorId: 7, directorName: 'Zhao' },
        { name: 'Bulbs', directorId: null, directorName: null },
        { name: 'Strips US', directorId: 7, directorName: 'Zhao' },
        { name: 'Sensors', directorId: 3, directorName: 'Chen' },
      ]),
    ).toEqual([
      { directorId: 3, directorName: 'Chen', teams: ['Sensors'] },
      { directorId: 7, directorName: 'Zhao', teams: ['Strips EU', 'Strips US'] },
    ]);
  });
});
