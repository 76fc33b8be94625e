import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ChatConversationResponseSchema,
  ChatEventSchema,
  ChatInboxResponseSchema,
  ChatMessageSchema,
} from '@motor/contract';
import { useAuth } from '../../../lib/auth';
import { chatMutationFailure, reportChatError } from '../../../lib/chat-failures';
import { followEventStream } from '../../../lib/event-stream';
import { useApiClient } from '../../../lib/use-api-client';

// The staff chat inbox (issue 18 item 3; access:chat). New messages arrive over Server-Sent
// Events and refresh the inbox and the open conversation.

const inboxKey = ['admin', 'chat', 'inbox'] as const;
const conversationKey = (id: string) => ['admin', 'chat', 'conversation', id] as const;

/** GET /api/admin/chat/conversations: newest first, with unread counts. */
export function useChatInbox(isAllowed: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: inboxKey,
    enabled: isAllowed,
    queryFn: async ({ signal }) =>
      ChatInboxResponseSchema.parse(
        await client.get<unknown>('/admin/chat/conversations', { signal }),
      ),
  });
}

/** GET /api/admin/chat/conversations/{id}: the customer, their policies and the messages. */
export function useChatConversation(conversationId: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: conversationKey(conversationId ?? ''),
    enabled: conversationId !== null,
    queryFn: async ({ signal }) =>
      ChatConversationResponseSchema.parse(
        await client.get<unknown>(
          `/admin/chat/conversations/${encodeURIComponent(conversationId ?? '')}`,
          { signal },
        ),
      ),
  });
}

/** POST .../messages: staff answer (audited); the inbox and the conversation refresh. */
export function useReplyToChat(conversationId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...chatMutationFailure('reply'),
    mutationFn: async (body: string) =>
      ChatMessageSchema.parse(
        await client.post<unknown>(
          `/admin/chat/conversations/${encodeURIComponent(conversationId)}/messages`,
          { body },
        ),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'chat'] });
    },
  });
}

/** POST .../read: what the customer wrote so far is read. */
export function useMarkConversationRead() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...chatMutationFailure('read'),
    mutationFn: (conversationId: string) =>
      client.post<unknown>(`/admin/chat/conversations/${encodeURIComponent(conversationId)}/read`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKey }),
  });
}

/** Follows GET /api/admin/chat/events while the inbox is open. */
export function useChatInboxEvents(
  isAllowed: boolean,
  onMessage: (conversationId: string) => void,
) {
  const { getAccessToken } = useAuth();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isAllowed) return undefined;
    const controller = new AbortController();
    void followEventStream({
      path: '/admin/chat/events',
      getAccessToken,
      signal: controller.signal,
      onOpen: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'chat'] }),
      onMessage: (data) => {
        const { conversationId } = ChatEventSchema.parse(data);
        void queryClient.invalidateQueries({ queryKey: inboxKey });
        void queryClient.invalidateQueries({ queryKey: conversationKey(conversationId) });
        onMessage(conversationId);
      },
      onError: reportChatError('inbox-events'),
    });
    return () => controller.abort();
  }, [isAllowed, getAccessToken, queryClient, onMessage]);
}
