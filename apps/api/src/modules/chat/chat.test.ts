// Issue 18 item 3: web chat through the real app — a customer sees only their own conversation,
// staff with access:chat see every one with the customer's context and answer (audited), admins
// have no chat of their own (spec 1 §1), staffing follows the brand's hours, and new messages are
// pushed as Server-Sent Events to the customer they belong to and to staff.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ChatConversation,
  ChatEvent,
  ChatInbox,
  ChatMessage,
  CustomerChat,
} from '@motor/contract';
import { auditLog, users } from '../../db/schema';
import { createBoundPolicyWithNumber } from '../../test/bound-policy';
import { useTestApp } from '../../test/use-test-app';

// A Monday, 10:00 in London (GMT): customer care is staffed (BMW: weekdays 8am to 8pm).
const MONDAY_10AM = '2026-03-02T10:00:00.000Z';
const CUSTOMER_A = 'chat-customer-a';
const CUSTOMER_B = 'chat-customer-b';
const CHAT_STAFF = 'chat-staff';
const OTHER_STAFF = 'chat-other-staff';

type Headers = Record<string, string>;

/** Reads Server-Sent Events from a streamed response, one `message` event's data at a time. */
function readEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return async function next(timeoutMs = 5_000): Promise<ChatEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split('\n')
          .find((line) => line.startsWith('data: '))
          ?.slice('data: '.length);
        if (block.includes('event: message') && data) return JSON.parse(data) as ChatEvent;
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event in time');
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
      ]);
      if (chunk === null) throw new Error('no event in time');
      if (chunk.done) throw new Error('the stream ended');
      buffer += chunk.value;
    }
  };
}

describe('web chat API', () => {
  const suite = useTestApp({ at: MONDAY_10AM, seed: true });
  const { clock } = suite;
  let customerA: Headers;
  let customerB: Headers;
  let chatStaff: Headers;
  let otherStaff: Headers;
  let actingAdmin: Headers;
  let policyA: string;
  let policyNumberA: string;

  const addUser = async (user: Partial<typeof users.$inferInsert> & { userId: string }) => {
    const now = clock.now();
    await suite.app.db.insert(users).values({
      connection: 'email',
      username: user.email ?? user.userId,
      createdAt: now,
      updatedAt: now,
      ...user,
    });
  };

  beforeAll(async () => {
    await addUser({ userId: CUSTOMER_A, email: 'ada.chat@example.com', firstName: 'Ada' });
    await addUser({ userId: CUSTOMER_B, email: 'ben.chat@example.com', firstName: 'Ben' });
    await addUser({ userId: CHAT_STAFF, email: 'care@example.com', roles: ['admin'] });
    await addUser({ userId: OTHER_STAFF, email: 'agent@example.com', roles: ['admin'] });
    customerA = await suite.customer(CUSTOMER_A);
    customerB = await suite.customer(CUSTOMER_B);
    chatStaff = await suite.staff(['access:chat'], { userId: CHAT_STAFF });
    otherStaff = await suite.staff(['access:impersonate'], { userId: OTHER_STAFF });
    actingAdmin = await suite.staff(['access:impersonate', 'access:chat'], {
      userId: OTHER_STAFF,
      impersonate: CUSTOMER_A,
    });
    ({ policyId: policyA, policyNumber: policyNumberA } = await createBoundPolicyWithNumber(
      suite.app,
      customerA,
    ));
  });

  const getChat = async (headers: Headers) => {
    const res = await suite.app.inject({ method: 'GET', url: '/api/chat', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CustomerChat;
  };
  const write = (headers: Headers, payload: object) =>
    suite.app.inject({ method: 'POST', url: '/api/chat/messages', headers, payload });
  const inbox = async () => {
    const res = await suite.app.inject({
      method: 'GET',
      url: '/api/admin/chat/conversations',
      headers: chatStaff,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ChatInbox).conversations;
  };

  it('refuses nobody (401), admins on the customer chat, customers and staff without access:chat on the inbox (403)', async () => {
    expect((await suite.app.inject({ method: 'GET', url: '/api/chat' })).statusCode).toBe(401);
    // Spec 1 §1: the chat does nothing for admins, even acting for a customer.
    for (const headers of [chatStaff, actingAdmin]) {
      expect(
        (await suite.app.inject({ method: 'GET', url: '/api/chat', headers })).statusCode,
      ).toBe(403);
      expect((await write(headers, { body: 'Hello' })).statusCode).toBe(403);
    }
    for (const headers of [customerA, otherStaff]) {
      const res = await suite.app.inject({
        method: 'GET',
        url: '/api/admin/chat/conversations',
        headers,
      });
      expect(res.statusCode).toBe(403);
    }
    const res = await suite.app.inject({
      method: 'GET',
      url: '/api/admin/chat/conversations',
      headers: otherStaff,
    });
    expect(res.json()).toMatchObject({
      error: { message: 'You are not authorised to perform this action.' },
    });
  });

  it('starts with no conversation, staffed on a weekday morning', async () => {
    expect(await getChat(customerA)).toEqual({
      conversationId: null,
      messages: [],
      unreadCount: 0,
      staffing: { isStaffed: true, nextStaffedAt: null },
    });
  });

  it('refuses an empty or over-long message, or another customer’s policy, and stores nothing', async () => {
    const empty = await write(customerA, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Write a message first.');
    const long = await write(customerA, { body: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('A message can be at most 2000 characters.');
    const notTheirs = await write(customerB, { body: 'About this policy', policyId: policyA });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toMatchObject({
      error: { message: 'We could not find that policy.' },
    });
    expect((await getChat(customerA)).conversationId).toBeNull();
    expect((await getChat(customerB)).conversationId).toBeNull();
  });

  it('shows each customer only their own conversation', async () => {
    const res = await write(customerA, { body: 'My payment failed', policyId: policyA });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ author: 'customer', body: 'My payment failed' });
    clock.advance(60_000);
    expect((await write(customerA, { body: 'Can you help?' })).statusCode).toBe(201);
    expect((await write(customerB, { body: 'A question from Ben' })).statusCode).toBe(201);

    const chatA = await getChat(customerA);
    const chatB = await getChat(customerB);
    expect(chatA.messages.map((m) => m.body)).toEqual(['My payment failed', 'Can you help?']);
    expect(chatB.messages.map((m) => m.body)).toEqual(['A question from Ben']);
    expect(chatA.conversationId).not.toBe(chatB.conversationId);
  });

  it('gives staff with access:chat every conversation with unread counts and the customer’s context', async () => {
    const conversations = await inbox();
    const ofA = conversations.find((c) => c.customer.userId === CUSTOMER_A);
    const ofB = conversations.find((c) => c.customer.userId === CUSTOMER_B);
    expect(ofA).toMatchObject({
      // The account's first name, and the last name bind filled in from the quote.
      customer: { name: 'Ada Smith', email: 'ada.chat@example.com' },
      unreadCount: 2,
      lastMessage: { body: 'Can you help?' },
    });
    expect(ofB).toMatchObject({ unreadCount: 1, customer: { email: 'ben.chat@example.com' } });

    const res = await suite.app.inject({
      method: 'GET',
      url: `/api/admin/chat/conversations/${ofA!.conversationId}`,
      headers: chatStaff,
    });
    expect(res.statusCode, res.body).toBe(200);
    const conversation = res.json() as ChatConversation;
    expect(conversation.policies).toEqual([
      expect.objectContaining({ policyId: policyA, policyNumber: policyNumberA, isContext: true }),
    ]);
    expect(conversation.messages.map((m) => m.author)).toEqual(['customer', 'customer']);

    const unknown = await suite.app.inject({
      method: 'GET',
      url: '/api/admin/chat/conversations/00000000-0000-4000-8000-000000000000',
      headers: chatStaff,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lets staff answer (audited); the customer sees it unread until they read it', async () => {
    const conversationId = (await getChat(customerA)).conversationId!;
    clock.advance(60_000);
    const res = await suite.app.inject({
      method: 'POST',
      url: `/api/admin/chat/conversations/${conversationId}/messages`,
      headers: chatStaff,
      payload: { body: 'Hello Ada, I can help with that.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as ChatMessage).author).toBe('staff');
    // Answering reads the customer's messages.
    expect((await inbox()).find((c) => c.conversationId === conversationId)?.unreadCount).toBe(0);
    const audit = await suite.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'chat.reply'), eq(auditLog.actorUserId, CHAT_STAFF)));
    expect(audit).toEqual([
      expect.objectContaining({ subjectUserId: CUSTOMER_A, target: `chat:${conversationId}` }),
    ]);

    const chatA = await getChat(customerA);
    expect(chatA.unreadCount).toBe(1);
    expect(chatA.messages.at(-1)).toMatchObject({
      author: 'staff',
      body: 'Hello Ada, I can help with that.',
    });
    expect(
      (await suite.app.inject({ method: 'POST', url: '/api/chat/read', headers: customerA }))
        .statusCode,
    ).toBe(204);
    expect((await getChat(customerA)).unreadCount).toBe(0);
    // Ben's conversation is untouched.
    expect((await getChat(customerB)).messages).toHaveLength(1);

    // Reading a conversation as staff.
    const ofB = (await inbox()).find((c) => c.customer.userId === CUSTOMER_B)!;
    const read = await suite.app.inject({
      method: 'POST',
      url: `/api/admin/chat/conversations/${ofB.conversationId}/read`,
      headers: chatStaff,
    });
    expect(read.statusCode).toBe(204);
    expect((await inbox()).find((c) => c.customer.userId === CUSTOMER_B)?.unreadCount).toBe(0);
  });

  it('outside staffed hours says when customer care next opens (Saturday evening → Monday 8am)', async () => {
    clock.set('2026-03-07T18:00:00.000Z');
    try {
      const tokenNow = await suite.customer(CUSTOMER_A);
      expect((await getChat(tokenNow)).staffing).toEqual({
        isStaffed: false,
        nextStaffedAt: '2026-03-09T08:00:00.000Z',
      });
    } finally {
      clock.set(MONDAY_10AM);
    }
  });

  it('pushes new messages as Server-Sent Events: to their customer and to staff, never to another customer', async () => {
    const address = await suite.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const open = async (path: string, headers: Headers) => {
      const res = await fetch(`${address}${path}`, {
        headers: { ...headers, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      return readEvents(res.body!);
    };
    try {
      const eventsA = await open('/api/chat/events', customerA);
      const eventsB = await open('/api/chat/events', customerB);
      const staffEvents = await open('/api/admin/chat/events', chatStaff);
      const refused = await fetch(`${address}/api/admin/chat/events`, {
        headers: { ...otherStaff, accept: 'text/event-stream' },
      });
      expect(refused.status).toBe(403);
      // Without asking for a stream, the answer is a plain refusal, not a stream left open.
      const notAStream = await suite.app.inject({
        method: 'GET',
        url: '/api/chat/events',
        headers: customerA,
      });
      expect(notAStream.statusCode).toBe(400);
      expect(notAStream.json()).toMatchObject({
        error: { message: 'Ask for text/event-stream (Accept) to follow the chat.' },
      });

      const conversationId = (await getChat(customerA)).conversationId!;
      await suite.app.inject({
        method: 'POST',
        url: `/api/admin/chat/conversations/${conversationId}/messages`,
        headers: chatStaff,
        payload: { body: 'Your payment is sorted.' },
      });
      expect(await eventsA()).toMatchObject({
        conversationId,
        message: { author: 'staff', body: 'Your payment is sorted.' },
      });
      expect((await staffEvents()).message.body).toBe('Your payment is sorted.');

      await write(customerB, { body: 'Ben again' });
      // Ben's stream gets his own message first: Ada's answer never reached it.
      expect((await eventsB()).message.body).toBe('Ben again');
      expect((await staffEvents()).message.body).toBe('Ben again');
    } finally {
      controller.abort();
    }
  });
});
