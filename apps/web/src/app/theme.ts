import type { ThemeConfig } from 'antd';

/** Lumio's antd theme: a calm blue, compact radii, a dark navigation column. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#2459d6',
    colorInfo: '#2459d6',
    colorLink: '#2459d6',
    borderRadius: 6,
    colorBgLayout: '#f3f5f9',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { siderBg: '#0f1d3a', triggerBg: '#0b1630', headerBg: '#ffffff', headerPadding: '0 24px', headerHeight: 56 },
    Menu: { darkItemBg: '#0f1d3a', darkSubMenuItemBg: '#0b1630', darkItemSelectedBg: '#2459d6' },
  },
};

/** The same theme without motion: for people who ask their system for reduced motion. */
export const stillTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };
