import type { CallEvent } from '@htv/shared/areas/voice/console';
import { useEffect, useState } from 'react';
import { apiUrl } from '../../api/client';
import { authHeaders } from '../../api/token';

/** How long to wait before opening the stream again after it ended or failed. */
const RETRY_MS = 3_000;

/**
 * The service calls' live channel (`GET /api/ai/service-calls/live`, docs/voice.md): calls `onEvent`
 * for each call saved or changed within the user's reach; answers whether the stream is open (the
 * page polls faster while it is not). Read with fetch, so the session token goes in its header.
 */
export function useCallStream(onEvent: (event: CallEvent) => void): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let stopped = false;
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      controller = new AbortController();
      try {
        const response = await fetch(apiUrl('/ai/service-calls/live'), { headers: { ...authHeaders(), accept: 'text/event-stream' }, signal: controller.signal });
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        setOpen(true);
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = frame.split('\n').find((line) => line.startsWith('data: '));
            if (data) onEvent(JSON.parse(data.slice(6)) as CallEvent);
          }
        }
      } catch {
        // Closed, refused or offline: polling covers it until the stream is back.
      }
      setOpen(false);
      if (!stopped) timer = setTimeout(() => void connect(), RETRY_MS);
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
    };
    // The handler is read at each event; the stream is opened once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return open;
}
