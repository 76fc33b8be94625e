import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { DatabaseHandle } from '../../db/client';
import type { ChatConnector, ChatDelivery, ChatLog, ChatProvider, ChatStore } from './types';

// The built-in chat: conversations and messages in our database, kept by the chat module's store
// (given to the provider when it opens). A stored message reaches every API process: on PostgreSQL
// through NOTIFY on CHANNEL (sent inside the storing transaction, so only a committed message is
// announced) and one LISTEN connection per process; on PGlite, which one process owns, through an
// in-process emitter.

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
  store,
  log,
}: {
  database: DatabaseHandle;
  store: ChatStore;
  log: ChatLog;
}): ChatProvider {
  // This chat's subscribers; on PGlite, fed by the database's shared emitter.
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const shared = database.kind === 'postgres' ? null : inProcessEmitterOf(database.client);
  const forward = (delivery: ChatDelivery) => emitter.emit('message', delivery);
  shared?.on('message', forward);
  let stopListening: (() => Promise<void>) | null = null;

  const deliver = async ({ customerUserId, messageId }: Announcement) => {
    try {
      const message = await store.findMessage(messageId);
      if (message) emitter.emit('message', { customerUserId, message } satisfies ChatDelivery);
    } catch (error) {
      log.error({ err: error, messageId }, 'chat: a stored message could not be delivered');
    }
  };

  return {
    adapter: 'builtin',
    findConversationOfCustomer: store.findConversationOfCustomer,
    findConversation: store.findConversation,
    listConversations: store.listConversations,
    listMessages: store.listMessages,
    markRead: store.markRead,

    async postMessage(post) {
      const message = await store.storeMessage(
        post,
        database.kind === 'postgres'
          ? ({ messageId }) => ({
              channel: CHANNEL,
              payload: JSON.stringify({
                customerUserId: post.customerUserId,
                messageId,
              } satisfies Announcement),
            })
          : undefined,
      );
      shared?.emit('message', {
        customerUserId: post.customerUserId,
        message,
      } satisfies ChatDelivery);
      return message;
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
