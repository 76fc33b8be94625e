import { PassThrough } from 'node:stream';
import {
  ChatConversationParamsSchema,
  ChatConversationResponseSchema,
  ChatInboxResponseSchema,
  ChatMessageSchema,
  ChatPostMessageRequestSchema,
  CustomerChatResponseSchema,
  ErrorBodySchema,
  type ChatEvent,
} from '@motor/contract';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppPlugin } from '../../app-types';
import { AppError, errorResponses } from '../../errors';
import type { ChatDelivery } from '../../providers/chat';
import {
  enforceRateLimits,
  MINUTE_MS,
  NOT_AUTHORISED_MESSAGE,
  perClientAndSession,
  PERMISSIONS,
  requirePermission,
  type Principal,
} from '../identity';
import {
  getConversationForStaff,
  getCustomerChat,
  listInbox,
  markReadByCustomer,
  markReadByStaff,
  postCustomerMessage,
  postStaffMessage,
  toChatMessage,
  type ChatDeps,
} from './service';
import { createChatStore } from './store';

// Web chat (issue 18 item 3; spec 1 §1, 2 §1): customers write to customer care and read the
// answers; staff with access:chat answer from the console's inbox. New messages are pushed as
// Server-Sent Events (GET .../events, read with fetch so the bearer token goes in a header). Admins
// have no chat of their own (spec: no live chat for admins): the customer routes are for customers.

const HEARTBEAT_MS = 25_000;
const errors = errorResponses(401, 403);

function requireChatStaff(principal: Principal): string {
  requirePermission(principal, PERMISSIONS.chat);
  return principal.userId;
}

function customerIdOf(principal: Principal): string {
  if (principal.kind !== 'customer') throw new AppError('FORBIDDEN', NOT_AUTHORISED_MESSAGE);
  return principal.userId;
}

/**
 * Streams the deliveries `accepts` lets through as `message` events until the client goes; a
 * comment line every HEARTBEAT_MS keeps proxies from closing an idle stream.
 */
function streamEvents(
  deps: ChatDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  accepts: (delivery: ChatDelivery) => boolean,
) {
  // Only a client that asks for a stream gets one (EventSource and our fetch reader do): anything
  // else would wait on an answer that never ends.
  if (!(request.headers.accept ?? '').includes('text/event-stream')) {
    throw new AppError('BAD_REQUEST', 'Ask for text/event-stream (Accept) to follow the chat.');
  }
  const stream = new PassThrough();
  const write = (text: string) => {
    if (!stream.writableEnded) stream.write(text);
  };
  const unsubscribe = deps.chat.subscribe((delivery) => {
    if (!accepts(delivery)) return;
    const event: ChatEvent = {
      conversationId: delivery.message.conversationId,
      message: toChatMessage(delivery.message),
    };
    write(`event: message\nid: ${delivery.message.messageId}\ndata: ${JSON.stringify(event)}\n\n`);
  });
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
  const stop = () => {
    clearInterval(heartbeat);
    unsubscribe();
    stream.end();
  };
  request.raw.once('close', stop);
  write('retry: 3000\n: connected\n\n');
  void reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(stream);
}

export const chatRoutes: AppPlugin = async (app) => {
  const chat = app.providers.chat.open({
    database: app.database,
    store: createChatStore(app.db),
    log: app.log,
  });
  // preClose, before any onClose: the LISTEN connection must be back before the database's pool
  // ends (pool.end() waits for every connection out), or closing the app never finishes.
  app.addHook('preClose', async () => {
    await chat.close();
  });
  const deps: ChatDeps = { db: app.db, chat, clock: app.clock };

  app.get(
    '/chat',
    {
      config: { access: ['customer'] },
      schema: {
        tags: ['chat'],
        summary: 'The customer’s conversation with customer care, and whether someone is there',
        response: { 200: CustomerChatResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getCustomerChat(deps, customerIdOf(request.principal))),
  );

  app.post(
    '/chat/messages',
    {
      config: { access: ['customer'] },
      schema: {
        tags: ['chat'],
        summary: 'Write to customer care (the conversation starts with the first message)',
        description:
          'Counted per client and per session (CHAT_MESSAGES_PER_CLIENT_PER_MINUTE, ' +
          'CHAT_MESSAGES_PER_SESSION_PER_MINUTE): 429 with Retry-After beyond them.',
        body: ChatPostMessageRequestSchema,
        response: {
          201: ChatMessageSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          429: ErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      // Each message reaches the care team's inbox and its notifications: no flooding.
      await enforceRateLimits(
        app,
        MINUTE_MS,
        perClientAndSession('chat-message', request, app.config.rateLimits.chatMessages),
      );
      const message = await postCustomerMessage(deps, {
        customerUserId: customerIdOf(request.principal),
        body: request.body.body,
        policyId: request.body.policyId,
      });
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/chat/read',
    {
      config: { access: ['customer'] },
      schema: {
        tags: ['chat'],
        summary: 'The customer has read customer care’s messages so far',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await markReadByCustomer(deps, customerIdOf(request.principal));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/chat/events',
    {
      config: { access: ['customer'] },
      schema: {
        tags: ['chat'],
        summary: 'New messages of the customer’s conversation, as Server-Sent Events (message)',
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const customerUserId = customerIdOf(request.principal);
      streamEvents(deps, request, reply, (d) => d.customerUserId === customerUserId);
      return reply;
    },
  );

  app.get(
    '/admin/chat/conversations',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin', 'chat'],
        summary: 'The chat inbox: conversations, newest first, with unread counts (access:chat)',
        response: { 200: ChatInboxResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireChatStaff(request.principal);
      return reply.header('cache-control', 'no-store').send(await listInbox(deps));
    },
  );

  app.get(
    '/admin/chat/conversations/:conversationId',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin', 'chat'],
        summary: 'A conversation with the customer’s details and policies (access:chat)',
        params: ChatConversationParamsSchema,
        response: { 200: ChatConversationResponseSchema, 404: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      requireChatStaff(request.principal);
      return reply
        .header('cache-control', 'no-store')
        .send(await getConversationForStaff(deps, request.params.conversationId));
    },
  );

  app.post(
    '/admin/chat/conversations/:conversationId/messages',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin', 'chat'],
        summary: 'Answer a conversation (access:chat; audited as chat.reply)',
        params: ChatConversationParamsSchema,
        body: ChatPostMessageRequestSchema.pick({ body: true }),
        response: { 201: ChatMessageSchema, 400: ErrorBodySchema, 404: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const staffUserId = requireChatStaff(request.principal);
      const message = await postStaffMessage(deps, {
        conversationId: request.params.conversationId,
        staffUserId,
        body: request.body.body,
      });
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/admin/chat/conversations/:conversationId/read',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin', 'chat'],
        summary: 'Staff have read the conversation so far (access:chat)',
        params: ChatConversationParamsSchema,
        response: { 204: z.null(), 404: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      requireChatStaff(request.principal);
      await markReadByStaff(deps, request.params.conversationId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/chat/events',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin', 'chat'],
        summary: 'Every new chat message, as Server-Sent Events (message; access:chat)',
        response: { ...errors },
      },
    },
    async (request, reply) => {
      requireChatStaff(request.principal);
      streamEvents(deps, request, reply, () => true);
      return reply;
    },
  );
};
