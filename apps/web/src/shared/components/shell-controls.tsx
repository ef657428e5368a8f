/**
 * The shell's own panels (router error, failed chunk) without antd: three icons as plain
 * SVG (paths from @ant-design/icons-svg, so they look the same) and a button styled like
 * antd's. The entry carries neither antd nor the icons runtime, and a panel that reports a
 * failed chunk must not need a chunk itself.
 */
import type { ReactNode } from 'react';

const PATHS = {
  closeCircleFilled:
    'M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z',
  exclamationCircleFilled:
    'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm-32 232c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V296zm32 440a48.01 48.01 0 010-96 48.01 48.01 0 010 96z',
  reloadOutlined:
    'M909.1 209.3l-56.4 44.1C775.8 155.1 656.2 92 521.9 92 290 92 102.3 279.5 102 511.5 101.7 743.7 289.8 932 521.9 932c181.3 0 335.8-115 394.6-276.1 1.5-4.2-.7-8.9-4.9-10.3l-56.7-19.5a8 8 0 00-10.1 4.8c-1.8 5-3.8 10-5.9 14.9-17.3 41-42.1 77.8-73.7 109.4A344.77 344.77 0 01655.9 829c-42.3 17.9-87.4 27-133.8 27-46.5 0-91.5-9.1-133.8-27A341.5 341.5 0 01279 755.2a342.16 342.16 0 01-73.7-109.4c-17.9-42.4-27-87.4-27-133.9s9.1-91.5 27-133.9c17.3-41 42.1-77.8 73.7-109.4 31.6-31.6 68.4-56.4 109.3-73.8 42.3-17.9 87.4-27 133.8-27 46.5 0 91.5 9.1 133.8 27a341.5 341.5 0 01109.3 73.8c9.9 9.9 19.2 20.4 27.8 31.4l-60.2 47a8 8 0 003 14.1l175.6 43c5 1.2 9.9-2.6 9.9-7.7l.8-180.9c-.1-6.6-7.8-10.3-13-6.2z',
} as const;

export type ShellIconName = keyof typeof PATHS;

/** An icon at the surrounding font size and colour, hidden from screen readers like antd's. */
export function ShellIcon({ name }: { name: ShellIconName }) {
  return (
    <span className="bo-shell-icon">
      <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" focusable="false" aria-hidden="true">
        <path d={PATHS[name]} />
      </svg>
    </span>
  );
}

interface ShellButtonProps {
  children: ReactNode;
  onClick: () => void;
  primary?: boolean;
  loading?: boolean;
  icon?: ShellIconName;
  testId?: string;
}

/** A button styled like antd's default and primary buttons (styles.css `.bo-btn`). */
export function ShellButton({ children, onClick, primary = false, loading = false, icon, testId }: ShellButtonProps) {
  return (
    <button
      type="button"
      className={`bo-btn${primary ? ' bo-btn-primary' : ''}`}
      onClick={onClick}
      disabled={loading}
      aria-busy={loading || undefined}
      data-testid={testId}
    >
      {loading ? <span className="bo-btn-spinner" aria-hidden="true" /> : icon ? <ShellIcon name={icon} /> : null}
      <span>{children}</span>
    </button>
  );
}
