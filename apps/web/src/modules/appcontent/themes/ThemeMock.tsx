/**
 * An activity theme as the app wears it: the page in the background colour, the banner across
 * its top, the name in the text colour, a button in the primary colour and a tag in the
 * secondary one. The preview's item and the drawer's live look (as the colours are typed; an
 * unfinished colour shows as the swatch's unset grey).
 */
import type { ReactNode } from 'react';
import { shown } from '../swatch/Swatch';

export interface ThemeColors {
  primary: unknown;
  secondary: unknown;
  background: unknown;
  text: unknown;
}

export function ThemeMock({
  name,
  colors,
  imageUrl,
  action,
  badge,
  children,
  testId = 'theme-mock',
}: {
  name: string;
  colors: ThemeColors;
  imageUrl?: string | null | undefined;
  /** The button's and the tag's words (the screen's language). */
  action: string;
  badge: string;
  children?: ReactNode;
  testId?: string;
}) {
  const c = {
    primary: shown(colors.primary),
    secondary: shown(colors.secondary),
    background: shown(colors.background),
    text: shown(colors.text),
  };
  return (
    <div
      data-testid={testId}
      style={{ background: c.background, color: c.text, borderRadius: 12, overflow: 'hidden', border: '1px solid #f0f0f0' }}
    >
      {imageUrl ? (
        <img src={imageUrl} alt="" style={{ width: '100%', aspectRatio: '2 / 1', objectFit: 'cover', display: 'block' }} />
      ) : (
        <div style={{ aspectRatio: '4 / 1', background: `linear-gradient(90deg, ${c.primary}, ${c.secondary})` }} />
      )}
      <div style={{ padding: 12, display: 'flex', flexDirection: 'column', gap: 8 }}>
        <strong data-testid={`${testId}-name`} style={{ fontSize: 16 }}>
          {name}
        </strong>
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <span
            data-testid={`${testId}-action`}
            style={{ background: c.primary, color: c.background, borderRadius: 16, padding: '4px 14px', fontWeight: 600 }}
          >
            {action}
          </span>
          <span
            data-testid={`${testId}-badge`}
            style={{ border: `1px solid ${c.secondary}`, color: c.secondary, borderRadius: 4, padding: '0 6px' }}
          >
            {badge}
          </span>
        </div>
        {children}
      </div>
    </div>
  );
}
