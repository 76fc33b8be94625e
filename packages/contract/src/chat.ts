import { z } from 'zod';
import { StaffPolicyReferenceSchema } from './care';

// Web chat between a customer and customer care (issue 18 item 3; spec 1 §1, 2 §1): the customer's
// conversation, the staff inbox, and the events streamed to both (Server-Sent Events).

export const CHAT_MESSAGE_MAX_LENGTH = 2000;

export const ChatAuthorSchema = z.enum(['customer', 'staff']);

export const ChatMessageSchema = z.object({
  messageId: z.string(),
  author: ChatAuthorSchema,
  body: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatPostMessageRequestSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write a message first.')
    .max(
      CHAT_MESSAGE_MAX_LENGTH,
      `A message can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
    ),
  /** The policy the customer is looking at, as context for staff; it must be theirs. */
  policyId: z.string().min(1).max(200).optional(),
});

/** Whether someone is there now and, if not, when the next staffed hours begin. */
export const ChatStaffingSchema = z.object({
  isStaffed: z.boolean(),
  nextStaffedAt: z.string().nullable(),
});

export const CustomerChatResponseSchema = z.object({
  conversationId: z.string().nullable(),
  messages: z.array(ChatMessageSchema),
  /** Staff messages the customer has not read. */
  unreadCount: z.number().int().nonnegative(),
  staffing: ChatStaffingSchema,
});
export type CustomerChat = z.infer<typeof CustomerChatResponseSchema>;

const ChatCustomerSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const ChatInboxResponseSchema = z.object({
  conversations: z.array(
    z.object({
      conversationId: z.string(),
      customer: ChatCustomerSchema,
      lastMessageAt: z.string(),
      lastMessage: ChatMessageSchema.nullable(),
      /** Customer messages staff have not read. */
      unreadCount: z.number().int().nonnegative(),
    }),
  ),
});
export type ChatInbox = z.infer<typeof ChatInboxResponseSchema>;

export const ChatConversationParamsSchema = z.object({ conversationId: z.uuid() });

export const ChatConversationResponseSchema = z.object({
  conversationId: z.string(),
  customer: ChatCustomerSchema,
  /** The customer's policies; `isContext` marks the one they last wrote about. */
  policies: z.array(StaffPolicyReferenceSchema.extend({ isContext: z.boolean() })),
  messages: z.array(ChatMessageSchema),
});
export type ChatConversation = z.infer<typeof ChatConversationResponseSchema>;

/** One Server-Sent Event's data (event name `message`). */
export const ChatEventSchema = z.object({
  conversationId: z.string(),
  message: ChatMessageSchema,
});
export type ChatEvent = z.infer<typeof ChatEventSchema>;
