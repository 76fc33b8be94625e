import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../html-page';
import { renderPage } from '../brand';
import type { AppPlugin } from '../../app-types';
import { listRecentMessages } from './outbox';

function sendHtml(reply: FastifyReply, html: string) {
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** The sandbox outbox: messages the app would have sent, newest first (never in production). */
export const devOutboxRoutes: AppPlugin = async (app) => {
  const Query = z.object({ recipient: z.string().optional() });

  app.get('/dev/outbox.json', { schema: { hide: true, querystring: Query } }, async (request) => {
    // Filtered in the query: among everyone's messages, one person's could fall out of the last 100.
    return listRecentMessages(app.db, 100, request.query.recipient?.toLowerCase());
  });

  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await listRecentMessages(app.db, 50);
    const rows = messages
      .map(
        (message) =>
          `<tr><td>${escapeHtml(message.createdAt.toISOString())}</td><td>${message.channel}</td><td>${escapeHtml(message.recipient)}</td><td>${escapeHtml(message.subject ?? '')}</td><td>${escapeHtml(message.body)}</td></tr>`,
      )
      .join('\n');
    return sendHtml(
      reply,
      renderPage({
        title: 'Outbox',
        body: `<h1>Outbox (sandbox)</h1><p>Messages the app would have sent, newest first.</p>
<table><caption class="visually-hidden">Messages</caption><thead><tr><th scope="col">Time</th><th scope="col">Channel</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Message</th></tr></thead><tbody>${rows}</tbody></table>`,
      }),
    );
  });
};
