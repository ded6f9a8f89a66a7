import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { registerMessage } from '../api/notify';
import { useLang, type Lang } from '../locales';

const antdLocales = { 'zh-CN': zhCN, 'en-US': enUS } satisfies Record<Lang, unknown>;

/** Hands antd's context-aware message API to code outside React (the API client's toasts). */
function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    registerMessage(message);
    return () => registerMessage(null);
  }, [message]);
  return null;
}

/** Data cache, antd locale (follows the language switch) and the app-level toast context. */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  const lang = useLang();
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={antdLocales[lang]} theme={{ algorithm: theme.defaultAlgorithm, token: { colorPrimary: '#1677ff' } }}>
        <AntApp>
          <MessageBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
