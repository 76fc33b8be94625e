import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatConversation, ChatInbox } from '@motor/contract';
import { jsonResponse, signedInAuthState, stubApi } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';

// Issue 18 item 3: the staff chat inbox — unread counts, the customer's context, answering.

const CONVERSATION_ID = '22222222-2222-4222-8222-222222222222';
const staff = (permissions: string[]) => ({
  ...signedInAuthState,
  isAdmin: true,
  permissions,
  user: { userId: 'staff-1', username: 'care@example.com', firstName: 'Cara', lastName: 'Care' },
});

const inbox: ChatInbox = {
  conversations: [
    {
      conversationId: CONVERSATION_ID,
      customer: { userId: 'u-42', name: 'Sam Smith', email: 'sam@example.com', phone: null },
      lastMessageAt: '2026-03-02T10:01:00.000Z',
      lastMessage: {
        messageId: 'm2',
        author: 'customer',
        body: 'Can you help?',
        createdAt: '2026-03-02T10:01:00.000Z',
      },
      unreadCount: 2,
    },
  ],
};

const conversation: ChatConversation = {
  conversationId: CONVERSATION_ID,
  customer: inbox.conversations[0]!.customer,
  policies: [
    {
      policyId: 'pol_1',
      policyNumber: 'BMW-FLX-000123',
      schemeCode: 'bmw-flex',
      status: 'ACTIVE',
      isContext: true,
    },
  ],
  messages: [
    {
      messageId: 'm1',
      author: 'customer',
      body: 'My payment failed',
      createdAt: '2026-03-02T10:00:00.000Z',
    },
    inbox.conversations[0]!.lastMessage!,
  ],
};

describe('staff chat inbox', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists conversations with unread counts; a conversation shows the customer, their policies and takes an answer', async () => {
    const calls: { path: string; method: string; body?: unknown }[] = [];
    stubApi((path, init) => {
      const method = init?.method ?? 'GET';
      calls.push({ path, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/admin/chat/conversations') return jsonResponse(200, inbox);
      if (path === `/api/admin/chat/conversations/${CONVERSATION_ID}`) {
        return jsonResponse(200, conversation);
      }
      if (path.endsWith('/read')) return new Response(null, { status: 204 });
      if (path.endsWith('/messages')) {
        return jsonResponse(201, {
          messageId: 'm3',
          author: 'staff',
          body: 'I can help.',
          createdAt: '2026-03-02T10:02:00.000Z',
        });
      }
      if (path === '/api/admin/chat/events')
        return new Response(new ReadableStream(), { status: 200 });
      return jsonResponse(404, {});
    });
    renderApp('/admin/chat', { authState: staff(['access:chat']) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chat inbox' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('navigation', { name: 'Conversations' });
    const entry = await within(list).findByRole('link', { name: /Sam Smith/ });
    expect(entry).toHaveTextContent('2 unread');
    expect(entry).toHaveTextContent('Can you help?');

    await userEvent.click(entry);
    const detail = await screen.findByRole('region', { name: 'Sam Smith' });
    expect(within(detail).getByText('sam@example.com')).toBeInTheDocument();
    expect(within(detail).getByText(/BMW-FLX-000123 \(ACTIVE\)/)).toHaveTextContent(
      'written from this policy',
    );
    expect(within(detail).getByRole('link', { name: "Open the customer's page" })).toHaveAttribute(
      'href',
      '/admin/customers/u-42',
    );
    const log = within(detail).getByRole('log', { name: 'Messages' });
    expect(within(log).getByText('My payment failed')).toBeInTheDocument();
    // Opening an unread conversation reads it.
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          path: `/api/admin/chat/conversations/${CONVERSATION_ID}/read`,
          method: 'POST',
        }),
      ),
    );

    await userEvent.type(within(detail).getByLabelText('Your answer'), 'I can help.');
    await userEvent.click(within(detail).getByRole('button', { name: 'Send answer' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        path: `/api/admin/chat/conversations/${CONVERSATION_ID}/messages`,
        method: 'POST',
        body: { body: 'I can help.' },
      }),
    );
    await waitFor(() => expect(within(detail).getByLabelText('Your answer')).toHaveValue(''));
  }, 15_000);

  it('is refused to staff without access:chat, and linked from the console with the unread count', async () => {
    stubApi((path) =>
      path === '/api/admin/chat/conversations' ? jsonResponse(200, inbox) : jsonResponse(404, {}),
    );
    const { unmount } = renderApp('/admin/chat', { authState: staff(['access:impersonate']) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unauthorised' }),
    ).toBeInTheDocument();
    unmount();
    renderApp('/admin', { authState: staff(['access:chat']) });
    expect(await screen.findByRole('link', { name: 'Chat inbox (2 unread)' })).toHaveAttribute(
      'href',
      '/admin/chat',
    );
  });
});
