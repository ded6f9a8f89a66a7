import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api/client';
import { useSessionInfo } from '../../auth/session';

/** A copy of a message as the message center lists it (spec §3, §7). */
export interface MessageItem {
  msg_id: number;
  content: string;
  create_time: string;
  read_time: string | null;
  state: 'unread' | 'read' | 'trash';
}

export interface MessageLists {
  unread: MessageItem[];
  readed: MessageItem[];
  trash: MessageItem[];
  count: number;
}

/** A message the platform sent, with how many read it. */
export interface SentMessage {
  msg_id: number;
  content: string;
  create_time: string;
  sender_name: string;
  target: { brand_ids?: number[]; hotel_ids?: number[]; user_types?: number[] };
  recipients: number;
  read: number;
}

export const messageKeys = {
  all: ['messages'] as const,
  count: ['messages', 'count'] as const,
  lists: ['messages', 'init'] as const,
  content: (id: number) => ['messages', 'content', id] as const,
  sent: (page: number, pagesize: number) => ['messages', 'sent', page, pagesize] as const,
};

/** State changes of spec §4: unread → read (has_read) → trash (remove_readed) → read (restore). */
export type MessageCall = 'has_read' | 'remove_readed' | 'restore';

export const messageApi = {
  count: (signal?: AbortSignal) => api.get<{ count: number }>('/message/count', undefined, signal),
  lists: (signal?: AbortSignal) => api.get<MessageLists>('/message/init', undefined, signal),
  content: (id: number, signal?: AbortSignal) => api.get<MessageItem>('/message/content', { msg_id: id }, signal),
  change: (call: MessageCall, ids: number | number[]) => api.post<{ count: number }>(`/message/${call}`, { msg_id: ids }),
  send: (body: { content: string; brand_ids?: number[]; hotel_ids?: number[]; user_types?: number[] }) =>
    api.post<{ msg_id: number; recipients: number }>('/admin/message/send', body),
  sent: (page: number, pagesize: number, signal?: AbortSignal) =>
    api.get<{ items: SentMessage[]; total: number; page: number; pagesize: number }>('/admin/message/list', { page, pagesize }, signal),
};

/** Unread count for the header badge: from the user info at first, then refreshed every minute. */
export function useUnreadCount(): number {
  const info = useSessionInfo();
  const query = useQuery({
    queryKey: messageKeys.count,
    queryFn: ({ signal }) => messageApi.count(signal),
    initialData: { count: info.msg_count ?? 0 },
    refetchInterval: 60_000,
    meta: { silent: true },
  });
  return query.data.count;
}

/** Runs a state change and puts the unread count it answers into the badge. */
export function useMessageChange() {
  const queryClient = useQueryClient();
  return useCallback(
    async (call: MessageCall, ids: number | number[]) => {
      const { count } = await messageApi.change(call, ids);
      queryClient.setQueryData(messageKeys.count, { count });
      await queryClient.invalidateQueries({ queryKey: messageKeys.lists });
      return count;
    },
    [queryClient],
  );
}
