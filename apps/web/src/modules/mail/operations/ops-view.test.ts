import { describe, expect, it } from 'vitest';
import { ASSIGN_URL, assignListBody, BOARD_URL, dueLeftHours, formatHours, problemPickerData, readBoardPeriod } from './ops-view';

describe('mail operations view', () => {
  it('builds the problem picker as a tree; linked nodes cannot be picked again', () => {
    const data = problemPickerData(
      [
        { id: 1, parentId: null, name: '硬件', nameEn: 'Hardware' },
        { id: 2, parentId: 1, name: '不亮', nameEn: '' },
        { id: 3, parentId: null, name: '物流', nameEn: 'Shipping' },
      ],
      'en-US',
      new Set([2]),
    );
    expect(data.map((n) => n.title)).toEqual(['Hardware', 'Shipping']);
    expect(data[0]?.children).toEqual([{ value: 2, title: '不亮', disabled: true, children: [] }]);
  });

  it('reads the board period from the URL, falling back to the last 14 days on anything invalid', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(readBoardPeriod({ ...BOARD_URL, from: '2026-11-01', to: '2026-11-20', box: '4', market: '2' }, now)).toEqual({
      from: '2026-11-01',
      to: '2026-11-20',
      mailBoxId: 4,
      marketId: 2,
    });
    const fallback = { from: '2026-11-11', to: '2026-11-24', marketId: -1 };
    expect(readBoardPeriod({ ...BOARD_URL }, now)).toEqual(fallback);
    expect(readBoardPeriod({ ...BOARD_URL, from: '2026-11-20', to: '2026-11-01' }, now)).toEqual(fallback);
    expect(readBoardPeriod({ ...BOARD_URL, from: '2024-01-01', to: '2026-11-01' }, now)).toEqual(fallback);
    expect(readBoardPeriod({ ...BOARD_URL, from: 'x', to: '2026-11-01', market: '99', box: '-3' }, now)).toEqual(fallback);
  });

  it('counts the reply timer in calendar hours, weekends included', () => {
    // Friday 18:00 UTC: due Saturday 18:00, not Monday.
    const friday = '2026-11-20T18:00:00Z';
    expect(dueLeftHours(friday, new Date('2026-11-21T14:00:00Z'))).toBe(4);
    expect(dueLeftHours(friday, new Date('2026-11-21T20:00:00Z'))).toBe(-2);
  });

  it('formats hours in both languages', () => {
    expect(formatHours(null, 'en-US')).toBe('—');
    expect(formatHours(3.5, 'en-US')).toBe('3 h 30 min');
    expect(formatHours(26, 'zh-CN')).toBe('1天 2小时');
    expect(formatHours(0.001, 'en-US')).toBe('0 min');
  });

  it('turns the assignment URL into the list body: unassigned by default, an agent wins over the filter', () => {
    expect(assignListBody({ ...ASSIGN_URL })).toMatchObject({ type: 0, assigned: 0, archived: false, pageSize: 20 });
    expect(assignListBody({ ...ASSIGN_URL, asg: '1' })).toMatchObject({ assigned: 1 });
    expect(assignListBody({ ...ASSIGN_URL, asg: '' })).not.toHaveProperty('assigned');
    const agent = assignListBody({ ...ASSIGN_URL, agent: '7', asg: '0', pageSize: '33' });
    expect(agent).toMatchObject({ assigneeId: 7, pageSize: 20 });
    expect(agent).not.toHaveProperty('assigned');
  });
});
