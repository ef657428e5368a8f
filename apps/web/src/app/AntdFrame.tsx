/**
 * antd's providers (theme, locale, the App context behind message/modal/notification),
 * in a chunk of their own: the entry holds no antd at all, so the first paint (the splash)
 * and the session calls never wait for it. The route loader fetches this chunk at once,
 * beside the layout's and the screen's, so no screen waits for it either.
 */
import { LIMITS } from '@bo/contract';
import { App as AntApp, ConfigProvider } from 'antd';
import enUSLocale from 'antd/locale/en_US';
import zhCNLocale from 'antd/locale/zh_CN';
import { useEffect, useSyncExternalStore } from 'react';
import { Outlet } from 'react-router';
import { configureHttp } from '../shared/http/http-client';
import { useLang } from '../shared/i18n/lang';
import { stillTheme, theme } from './theme';

/** Hands antd's message API (which follows the theme and locale) to the http client. */
function HttpMessages() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    configureHttp({
      notify: (n) => {
        void message.open({ type: n.kind, content: n.text, duration: LIMITS.MESSAGE_SECONDS });
      },
    });
  }, [message]);
  return null;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeMotion = (onChange: () => void) => {
  const q = window.matchMedia?.(REDUCED_MOTION);
  q?.addEventListener('change', onChange);
  return () => q?.removeEventListener('change', onChange);
};
/** Whether the system asks for reduced motion (followed live: antd's popups, drawers and tabs then appear at once). */
const useReducedMotion = () =>
  useSyncExternalStore(
    subscribeMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );

export default function AntdFrame() {
  const lang = useLang();
  const still = useReducedMotion();
  return (
    <ConfigProvider locale={lang === 'zh-CN' ? zhCNLocale : enUSLocale} theme={still ? stillTheme : theme}>
      <AntApp message={{ maxCount: 3 }}>
        <HttpMessages />
        <Outlet />
      </AntApp>
    </ConfigProvider>
  );
}
