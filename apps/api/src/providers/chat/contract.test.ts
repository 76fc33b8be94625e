// The chat provider contract, on the built-in chat: on PGlite (default) and on PostgreSQL when
// TEST_DATABASE_URL is set (LISTEN/NOTIFY). Two chats opened on one database stand for two API
// processes: what one stores, the other's subscribers receive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createChatStore } from '../../modules/chat';
import { createTestDatabase } from '../../test/test-app';
import { createChat } from './index';
import type { ChatDelivery, ChatProvider } from './types';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 10, minute));
const silentLog = { error: () => undefined };

/** Resolves with the first delivery `matches` accepts, or rejects after 5 s. */
function nextDelivery(chat: ChatProvider, matches: (d: ChatDelivery) => boolean) {
  return new Promise<ChatDelivery>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no delivery within 5 s')), 5_000);
    const unsubscribe = chat.subscribe((delivery) => {
      if (!matches(delivery)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(delivery);
    });
  });
}

describe('chat provider (built-in)', () => {
  let database: DatabaseHandle;
  let first: ChatProvider;
  let second: ChatProvider;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = createChat().open({ database, store: createChatStore(database.db), log: silentLog });
    second = createChat().open({ database, store: createChatStore(database.db), log: silentLog });
    // On PostgreSQL the second chat's LISTEN connection opens in the background: wait until a
    // probe message gets through.
    const received = new Promise<void>((resolve) => {
      second.subscribe((delivery) => {
        if (delivery.customerUserId === 'probe') resolve();
      });
    });
    for (let i = 0; i < 50; i += 1) {
      await first.postMessage({
        customerUserId: 'probe',
        author: 'customer',
        authorUserId: 'probe',
        body: 'probe',
        at: at(0),
      });
      const arrived = await Promise.race([
        received.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 100)),
      ]);
      if (arrived) break;
    }
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  it('stores one conversation per customer, its messages in order, and keeps the policy context', async () => {
    const one = await first.postMessage({
      customerUserId: 'cust-1',
      author: 'customer',
      authorUserId: 'cust-1',
      body: 'Hello',
      policyId: 'pol_1',
      at: at(1),
    });
    const two = await first.postMessage({
      customerUserId: 'cust-1',
      author: 'staff',
      authorUserId: 'staff-1',
      body: 'Hi, how can I help?',
      at: at(2),
    });
    expect(two.conversationId).toBe(one.conversationId);
    const conversation = await second.findConversationOfCustomer('cust-1');
    expect(conversation).toMatchObject({
      conversationId: one.conversationId,
      policyId: 'pol_1',
      lastMessageAt: at(2),
    });
    const messages = await second.listMessages(one.conversationId, { limit: 10 });
    expect(messages.map((m) => [m.author, m.body])).toEqual([
      ['customer', 'Hello'],
      ['staff', 'Hi, how can I help?'],
    ]);
    expect(await first.findConversationOfCustomer('nobody')).toBeNull();
  });

  it('counts what staff have not read, until they read it', async () => {
    await first.postMessage({
      customerUserId: 'cust-2',
      author: 'customer',
      authorUserId: 'cust-2',
      body: 'One',
      at: at(3),
    });
    await first.postMessage({
      customerUserId: 'cust-2',
      author: 'customer',
      authorUserId: 'cust-2',
      body: 'Two',
      at: at(4),
    });
    const unreadOf = async () =>
      (await second.listConversations({ limit: 10 })).find((c) => c.customerUserId === 'cust-2');
    expect(await unreadOf()).toMatchObject({ unreadByStaff: 2, lastMessage: { body: 'Two' } });
    const conversation = await second.findConversationOfCustomer('cust-2');
    await second.markRead({
      conversationId: conversation!.conversationId,
      reader: 'staff',
      at: at(3),
    });
    expect((await unreadOf())?.unreadByStaff).toBe(1);
    await second.markRead({
      conversationId: conversation!.conversationId,
      reader: 'staff',
      at: at(4),
    });
    expect((await unreadOf())?.unreadByStaff).toBe(0);
    // Reading is never undone by an older time.
    await second.markRead({
      conversationId: conversation!.conversationId,
      reader: 'staff',
      at: at(1),
    });
    expect((await unreadOf())?.unreadByStaff).toBe(0);
  });

  it('delivers a stored message to the subscribers of every chat on the database', async () => {
    const delivered = nextDelivery(second, (d) => d.customerUserId === 'cust-3');
    const stored = await first.postMessage({
      customerUserId: 'cust-3',
      author: 'customer',
      authorUserId: 'cust-3',
      body: 'Are you there?',
      at: at(5),
    });
    const delivery = await delivered;
    expect(delivery.message).toEqual(stored);
  });

  it('refuses an empty or over-long message (database check) and stores nothing', async () => {
    for (const body of ['', 'x'.repeat(2001)]) {
      await expect(
        first.postMessage({
          customerUserId: 'cust-4',
          author: 'customer',
          authorUserId: 'cust-4',
          body,
          at: at(6),
        }),
      ).rejects.toThrow();
    }
    expect(await first.findConversationOfCustomer('cust-4')).toBeNull();
  });
});
