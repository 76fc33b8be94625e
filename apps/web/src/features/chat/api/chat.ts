import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ChatEventSchema,
  ChatMessageSchema,
  CustomerChatResponseSchema,
  type ChatMessage,
  type CustomerChat,
} from '@motor/contract';
import { useAuth } from '../../../lib/auth';
import { chatMutationFailure, reportChatError } from '../../../lib/chat-failures';
import { followEventStream } from '../../../lib/event-stream';
import { useApiClient } from '../../../lib/use-api-client';

// The customer's web chat (issue 18 item 3). A chat failure is logged and never reaches the error
// modal (spec 1 §8): every query and mutation here handles its own errors.

const chatQueryKey = ['chat'] as const;

function withMessage(
  chat: CustomerChat | undefined,
  message: ChatMessage,
): CustomerChat | undefined {
  if (!chat || chat.messages.some((known) => known.messageId === message.messageId)) return chat;
  return { ...chat, messages: [...chat.messages, message] };
}

/** GET /api/chat: the conversation, unread staff messages and whether someone is there. */
export function useCustomerChat(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: chatQueryKey,
    enabled,
    meta: { handlesErrors: true },
    queryFn: async ({ signal }) =>
      CustomerChatResponseSchema.parse(await client.get<unknown>('/chat', { signal })),
  });
}

/** POST /api/chat/messages; the sent message joins the conversation at once. */
export function useSendChatMessage() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...chatMutationFailure('send'),
    mutationFn: async (input: { body: string; policyId?: string }) =>
      ChatMessageSchema.parse(await client.post<unknown>('/chat/messages', input)),
    onSuccess: (message) => {
      queryClient.setQueryData<CustomerChat>(chatQueryKey, (chat) => withMessage(chat, message));
      // A first message starts the conversation: read its id.
      void queryClient.invalidateQueries({ queryKey: chatQueryKey });
    },
  });
}

/** POST /api/chat/read: what staff wrote so far is read. */
export function useMarkChatRead() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...chatMutationFailure('read'),
    mutationFn: () => client.post<unknown>('/chat/read'),
    onSuccess: () =>
      queryClient.setQueryData<CustomerChat>(chatQueryKey, (chat) =>
        chat ? { ...chat, unreadCount: 0 } : chat,
      ),
  });
}

/** While `enabled`, new messages arrive over Server-Sent Events (GET /api/chat/events). */
export function useChatEvents(enabled: boolean, onStaffMessage: () => void) {
  const { getAccessToken } = useAuth();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    void followEventStream({
      path: '/chat/events',
      getAccessToken,
      signal: controller.signal,
      onOpen: () => void queryClient.invalidateQueries({ queryKey: chatQueryKey }),
      onMessage: (data) => {
        const { message } = ChatEventSchema.parse(data);
        queryClient.setQueryData<CustomerChat>(chatQueryKey, (chat) => withMessage(chat, message));
        if (message.author === 'staff') onStaffMessage();
      },
      onError: reportChatError('events'),
    });
    return () => controller.abort();
  }, [enabled, getAccessToken, queryClient, onStaffMessage]);
}
