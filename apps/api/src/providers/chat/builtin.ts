import { EventEmitter } from 'node:events';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DatabaseHandle, Db } from '../../db/client';
import { chatConversations, chatMessages } from '../../modules/chat/tables';
import type {
  ChatConnector,
  ChatConversationRecord,
  ChatDelivery,
  ChatLog,
  ChatMessageRecord,
  ChatProvider,
} from './types';

// The built-in chat: conversations and messages in our database. A stored message reaches every
// API process: on PostgreSQL through NOTIFY on CHANNEL (sent inside the storing transaction, so
// only a committed message is announced) and one LISTEN connection per process; on PGlite, which
// one process owns, through an in-process emitter.

const CHANNEL = 'chat_messages';
const RECONNECT_MS = 1_000;

type Announcement = { customerUserId: string; messageId: string };

// PGlite is owned by one process: every chat opened on the same database shares one emitter, as
// every process shares PostgreSQL's notifications.
const inProcessEmitters = new WeakMap<object, EventEmitter>();

function inProcessEmitterOf(client: object): EventEmitter {
  let emitter = inProcessEmitters.get(client);
  if (!emitter) {
    emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    inProcessEmitters.set(client, emitter);
  }
  return emitter;
}

function toMessage(row: typeof chatMessages.$inferSelect): ChatMessageRecord {
  return {
    messageId: row.messageId,
    conversationId: row.conversationId,
    author: row.author,
    authorUserId: row.authorUserId,
    body: row.body,
    createdAt: row.createdAt,
  };
}

async function findMessage(db: Db, messageId: string): Promise<ChatMessageRecord | null> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.messageId, messageId));
  return row ? toMessage(row) : null;
}

/**
 * Keeps one LISTEN connection to PostgreSQL open while anyone subscribes, reconnecting after an
 * error; each notification is handed to `onAnnouncement`.
 */
function listenOnPostgres(
  pool: pg.Pool,
  log: ChatLog,
  onAnnouncement: (announcement: Announcement) => void,
) {
  let releaseListening: ((how?: Error | boolean) => void) | null = null;
  let isClosed = false;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (isClosed) return;
    try {
      const connection = await pool.connect();
      // A connection goes back to the pool once: an error after it was released (the server
      // ending it as we close, or a second error) must not release it again, which pg refuses
      // by throwing out of the event handler.
      let isReleased = false;
      const release = (how?: Error | boolean) => {
        if (isReleased) return;
        isReleased = true;
        connection.release(how);
      };
      connection.on('notification', (notification) => {
        if (notification.channel !== CHANNEL || !notification.payload) return;
        onAnnouncement(JSON.parse(notification.payload) as Announcement);
      });
      connection.on('error', (error) => {
        if (isReleased || isClosed) {
          release(error);
          return;
        }
        log.error({ err: error }, 'chat: the LISTEN connection failed; reconnecting');
        releaseListening = null;
        release(error);
        timer = setTimeout(() => void connect(), RECONNECT_MS);
      });
      await connection.query(`LISTEN ${CHANNEL}`);
      if (isClosed) {
        release(true);
        return;
      }
      releaseListening = release;
    } catch (error) {
      log.error({ err: error }, 'chat: could not LISTEN; retrying');
      timer = setTimeout(() => void connect(), RECONNECT_MS);
    }
  };
  void connect();

  return async () => {
    isClosed = true;
    clearTimeout(timer);
    const release = releaseListening;
    releaseListening = null;
    // Destroyed, not returned to the pool: a connection that has LISTENed is of no use to
    // anyone else, and no UNLISTEN round trip is needed to drop it.
    release?.(true);
  };
}

function openBuiltinChat({
  database,
  log,
}: {
  database: DatabaseHandle;
  log: ChatLog;
}): ChatProvider {
  const { db } = database;
  // This chat's subscribers; on PGlite, fed by the database's shared emitter.
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const shared = database.kind === 'postgres' ? null : inProcessEmitterOf(database.client);
  const forward = (delivery: ChatDelivery) => emitter.emit('message', delivery);
  shared?.on('message', forward);
  let stopListening: (() => Promise<void>) | null = null;

  const deliver = async ({ customerUserId, messageId }: Announcement) => {
    try {
      const message = await findMessage(db, messageId);
      if (message) emitter.emit('message', { customerUserId, message } satisfies ChatDelivery);
    } catch (error) {
      log.error({ err: error, messageId }, 'chat: a stored message could not be delivered');
    }
  };

  const findConversation = async (where: ReturnType<typeof eq>) => {
    const [row] = await db.select().from(chatConversations).where(where);
    return (row as ChatConversationRecord | undefined) ?? null;
  };

  return {
    adapter: 'builtin',

    findConversationOfCustomer: (customerUserId) =>
      findConversation(eq(chatConversations.customerUserId, customerUserId)),

    findConversation: (conversationId) =>
      findConversation(eq(chatConversations.conversationId, conversationId)),

    async listConversations({ limit }) {
      const rows = await db
        .select()
        .from(chatConversations)
        .orderBy(desc(chatConversations.lastMessageAt))
        .limit(limit);
      return Promise.all(
        rows.map(async (conversation) => {
          const [last] = await db
            .select()
            .from(chatMessages)
            .where(eq(chatMessages.conversationId, conversation.conversationId))
            .orderBy(desc(chatMessages.createdAt), desc(chatMessages.messageId))
            .limit(1);
          const [unread] = await db
            .select({ count: sql<number>`count(*)::int` })
            .from(chatMessages)
            .where(
              and(
                eq(chatMessages.conversationId, conversation.conversationId),
                eq(chatMessages.author, 'customer'),
                conversation.staffReadAt
                  ? gt(chatMessages.createdAt, conversation.staffReadAt)
                  : undefined,
              ),
            );
          return {
            ...conversation,
            lastMessage: last ? toMessage(last) : null,
            unreadByStaff: unread?.count ?? 0,
          };
        }),
      );
    },

    async listMessages(conversationId, { limit }) {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversationId))
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.messageId))
        .limit(limit);
      return rows.reverse().map(toMessage);
    },

    async postMessage({ customerUserId, author, authorUserId, body, policyId, at }) {
      const message = await db.transaction(async (tx) => {
        const [conversation] = await tx
          .insert(chatConversations)
          .values({ customerUserId, policyId: policyId ?? null, createdAt: at, lastMessageAt: at })
          .onConflictDoUpdate({
            target: chatConversations.customerUserId,
            set: {
              lastMessageAt: sql`greatest(${chatConversations.lastMessageAt}, excluded.last_message_at)`,
              policyId: sql`coalesce(excluded.policy_id, ${chatConversations.policyId})`,
            },
          })
          .returning();
        if (!conversation) throw new Error('chat: the conversation was not stored');
        const [row] = await tx
          .insert(chatMessages)
          .values({
            conversationId: conversation.conversationId,
            author,
            authorUserId,
            body,
            createdAt: at,
          })
          .returning();
        if (!row) throw new Error('chat: the message was not stored');
        if (database.kind === 'postgres') {
          const payload = JSON.stringify({ customerUserId, messageId: row.messageId });
          await tx.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
        }
        return toMessage(row);
      });
      shared?.emit('message', { customerUserId, message } satisfies ChatDelivery);
      return message;
    },

    async markRead({ conversationId, reader, at }) {
      const column =
        reader === 'staff' ? chatConversations.staffReadAt : chatConversations.customerReadAt;
      const set =
        reader === 'staff'
          ? { staffReadAt: sql`greatest(${column}, ${at.toISOString()}::timestamptz)` }
          : { customerReadAt: sql`greatest(${column}, ${at.toISOString()}::timestamptz)` };
      await db
        .update(chatConversations)
        .set(set)
        .where(eq(chatConversations.conversationId, conversationId));
    },

    subscribe(listener) {
      if (database.kind === 'postgres' && !stopListening) {
        stopListening = listenOnPostgres(database.client, log, (announcement) => {
          void deliver(announcement);
        });
      }
      emitter.on('message', listener);
      return () => {
        emitter.off('message', listener);
      };
    },

    async close() {
      shared?.off('message', forward);
      emitter.removeAllListeners();
      const stop = stopListening;
      stopListening = null;
      await stop?.();
    },
  };
}

/** The built-in chat on our own database. */
export const builtinChat: ChatConnector = { adapter: 'builtin', open: openBuiltinChat };
