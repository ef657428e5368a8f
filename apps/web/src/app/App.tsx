import { LIMITS } from '@bo/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUSLocale from 'antd/locale/en_US';
import zhCNLocale from 'antd/locale/zh_CN';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { configureHttp } from '../shared/http/http-client';
import { useLang } from '../shared/i18n/lang';
import { queryClient } from './query-client';
import { router } from './router';
import { theme } from './theme';

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

export function App() {
  const lang = useLang();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={lang === 'zh-CN' ? zhCNLocale : enUSLocale} theme={theme}>
        <AntApp message={{ maxCount: 3 }}>
          <HttpMessages />
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
