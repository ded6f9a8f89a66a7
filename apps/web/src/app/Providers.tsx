import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, message as antdMessage, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useRef, type ReactNode } from 'react';
import { registerMessage } from '../api/notify';
import { useLang, type Lang } from '../locales';

const antdLocales = { 'zh-CN': zhCN, 'en-US': enUS } satisfies Record<Lang, unknown>;

/**
 * Hands antd's context-aware message API to code outside React (the API client's toasts). The message
 * hook alone, not antd's `App`: that one also brings `Modal` and `notification` into the first load.
 */
function MessageBridge() {
  const [message, holder] = antdMessage.useMessage();
  useEffect(() => {
    registerMessage(message);
    return () => registerMessage(null);
  }, [message]);
  return holder;
}

/**
 * Server texts (user-type and role names, operation-log actions, messages) come in the language of
 * the request: a language switch refetches what is on screen.
 */
function useRefetchOnLanguage(client: QueryClient, lang: Lang) {
  const previous = useRef(lang);
  useEffect(() => {
    if (previous.current === lang) return;
    previous.current = lang;
    void client.invalidateQueries();
  }, [client, lang]);
}

/** Data cache, antd locale (follows the language switch) and the app-level toast context. */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  const lang = useLang();
  useRefetchOnLanguage(client, lang);
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={antdLocales[lang]} theme={{ algorithm: theme.defaultAlgorithm, token: { colorPrimary: '#1677ff' } }}>
        <MessageBridge />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
