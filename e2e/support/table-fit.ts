/**
 * Checks of the list kit's promise (issue #19 item 7): at a width, the named columns of a
 * table are inside the viewport with no horizontal scroll, and the fixed (sticky) columns'
 * boxes overlap none of them, in the header and in the first row. A pivot (its periods are
 * its series) may scroll between its fixed name and total: `{ scrolls: true }`.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

interface Box {
  left: number;
  right: number;
}

interface Measured {
  missing: string[];
  viewport: number;
  scroll: { scrollWidth: number; clientWidth: number } | null;
  cells: { name: string; header: Box; cell: Box | null }[];
  fixed: Box[];
}

/** Opens nothing: measures the table that is on the page now, after setting the viewport width. */
export async function assertColumnsFit(
  page: Page,
  tableTestId: string,
  names: readonly string[],
  width = 1280,
  { scrolls = false }: { scrolls?: boolean } = {},
): Promise<void> {
  await page.setViewportSize({ width, height: 860 });
  // The table re-fits its columns after a resize: wait until it has no horizontal overflow or give it a moment.
  await page
    .waitForFunction(
      (id) => {
        const el = document.querySelector(`[data-testid="${id}"] .ant-table-content, [data-testid="${id}"] .ant-table-body`);
        return el !== null && el.scrollWidth <= el.clientWidth + 1;
      },
      tableTestId,
      { timeout: scrolls ? 500 : 3000 },
    )
    .catch(() => undefined);
  // The table re-lays itself out after the resize (a ResizeObserver, then a render): on a
  // slow machine that took longer than the wait above, and a pivot (scrolls) never ends its
  // overflow. The checks are repeated until they pass or 5 s have gone; the last failure is
  // the one reported, so a real misfit still fails.
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      await checkOnce();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await page.waitForTimeout(150);
    }
  }

  async function checkOnce(): Promise<void> {
    // No named functions inside: the test runner's transform would wrap them in a helper the page lacks.
    const m: Measured = await page.evaluate(
      ([id, wanted]) => {
        const root = document.querySelector(`[data-testid="${id}"]`);
        const heads = root ? Array.from(root.querySelectorAll('.ant-table-thead > tr > th')) : [];
        const firstRow = root?.querySelector('.ant-table-tbody > tr.ant-table-row');
        const tds = firstRow ? Array.from(firstRow.querySelectorAll(':scope > td')) : [];
        const headBoxes = heads.map((el) => {
          const r = el.getBoundingClientRect();
          return {
            left: r.left,
            right: r.right,
            text: (el.textContent ?? '').trim(),
            // antd 6 marks sticky cells fix-start / fix-end (older versions: fix-left / fix-right).
            fixed: /\bant-table-cell-fix-(start|end|left|right)\b/.test(el.className),
          };
        });
        const cellBoxes = tds.map((el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right, fixed: /\bant-table-cell-fix-(start|end|left|right)\b/.test(el.className) };
        });
        const scrollEl = root?.querySelector('.ant-table-content, .ant-table-body');
        const cells: { name: string; header: { left: number; right: number }; cell: { left: number; right: number } | null }[] =
          [];
        const missing: string[] = [];
        for (const name of wanted) {
          const i = headBoxes.findIndex((h) => h.text === name);
          const th = headBoxes[i];
          if (!th) {
            missing.push(name);
            continue;
          }
          const td = cellBoxes[i];
          cells.push({ name, header: { left: th.left, right: th.right }, cell: td ? { left: td.left, right: td.right } : null });
        }
        const fixed = [...headBoxes, ...cellBoxes].filter((b) => b.fixed).map((b) => ({ left: b.left, right: b.right }));
        return {
          missing,
          viewport: window.innerWidth,
          scroll: scrollEl ? { scrollWidth: scrollEl.scrollWidth, clientWidth: scrollEl.clientWidth } : null,
          cells,
          fixed,
        };
      },
      [tableTestId, names] as const,
    );
    assert.deepEqual(m.missing, [], `columns shown in ${tableTestId} at ${width} px`);
    assert.ok(m.scroll, `${tableTestId} has a table`);
    assert.ok(
      scrolls || m.scroll.scrollWidth <= m.scroll.clientWidth + 1,
      `${tableTestId} needs no horizontal scroll at ${width} px (${m.scroll.scrollWidth} > ${m.scroll.clientWidth})`,
    );
    const overlaps = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5;
    for (const c of m.cells) {
      for (const b of [c.header, ...(c.cell ? [c.cell] : [])]) {
        assert.ok(b.left >= 0 && b.right <= m.viewport + 0.5, `${c.name} is inside the viewport (${b.left}–${b.right})`);
        for (const f of m.fixed) {
          if (f.left === b.left && f.right === b.right) continue; // the fixed column itself
          assert.ok(!overlaps(f, b), `the fixed column (${f.left}–${f.right}) covers ${c.name} (${b.left}–${b.right})`);
        }
      }
    }
  }
}
