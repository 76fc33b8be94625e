import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerChat } from '@motor/contract';
import { AppProviders } from './providers';
import { PageShell } from './page-shell';
import { ChatAction } from '../components/ui/chat-action';
import type { AuthState } from '../lib/auth';
import { anonymousAuthState } from '../lib/auth';
import { jsonResponse, signedInAuthState, stubApi } from '../test/api-stubs';

// Issue 18 item 3: the customer's chat panel, opened by Help and by every "chat to us" action.

const STAFFED: CustomerChat = {
  conversationId: '11111111-1111-4111-8111-111111111111',
  messages: [
    {
      messageId: 'm1',
      author: 'customer',
      body: 'My payment failed',
      createdAt: '2026-03-02T10:00:00.000Z',
    },
  ],
  unreadCount: 0,
  staffing: { isStaffed: true, nextStaffedAt: null },
};

const admin: AuthState = {
  ...signedInAuthState,
  isAdmin: true,
  permissions: ['access:impersonate', 'access:chat'],
};

/** A stream the test writes Server-Sent Events into. */
function eventStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () =>
      new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (data: unknown) =>
      controller?.enqueue(
        new TextEncoder().encode(`event: message\ndata: ${JSON.stringify(data)}\n\n`),
      ),
  };
}

function renderShell(path: string, authState: AuthState) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <PageShell>
            <h1>Payment failed</h1>
            <p>
              Please chat with us. <ChatAction />
            </p>
          </PageShell>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <AppProviders authState={authState}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('chat panel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens from Help for a customer, shows the conversation and sends with the policy in view', async () => {
    const events = eventStream();
    const posted: unknown[] = [];
    const chat = structuredClone(STAFFED);
    stubApi((path, init) => {
      if (path === '/api/chat') return jsonResponse(200, chat);
      if (path === '/api/chat/events') return events.response();
      if (path === '/api/chat/messages') {
        posted.push(JSON.parse(String(init?.body)));
        const message = {
          messageId: 'm2',
          author: 'customer' as const,
          body: 'Can you help?',
          createdAt: '2026-03-02T10:01:00.000Z',
        };
        chat.messages.push(message);
        return jsonResponse(201, message);
      }
      return jsonResponse(404, {});
    });
    renderShell('/flex/policy/pol_abc/billing', signedInAuthState);
    await userEvent.click(screen.getByRole('button', { name: /Help/ }));
    const panel = await screen.findByRole('dialog', { name: 'Chat with us' });
    expect(await within(panel).findByText('My payment failed')).toBeInTheDocument();
    // Not a modal: the page stays usable, and no Help modal opened.
    expect(panel).toHaveAttribute('aria-modal', 'false');
    expect(screen.queryByRole('dialog', { name: 'How can we help?' })).not.toBeInTheDocument();

    await userEvent.type(within(panel).getByLabelText('Your message'), '  Can you help?  ');
    await userEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(await within(panel).findByText('Can you help?')).toBeInTheDocument();
    expect(posted).toEqual([{ body: 'Can you help?', policyId: 'pol_abc' }]);
    expect(within(panel).getByLabelText('Your message')).toHaveValue('');
  }, 15_000);

  it('shows a staff answer as it arrives (Server-Sent Events) and marks it read', async () => {
    const events = eventStream();
    const reads: string[] = [];
    stubApi((path) => {
      if (path === '/api/chat') return jsonResponse(200, STAFFED);
      if (path === '/api/chat/events') return events.response();
      if (path === '/api/chat/read') {
        reads.push(path);
        return new Response(null, { status: 204 });
      }
      return jsonResponse(404, {});
    });
    renderShell('/', signedInAuthState);
    // "Chat to us" on the page opens the same panel.
    await userEvent.click(screen.getByRole('button', { name: 'Chat with us' }));
    const panel = await screen.findByRole('dialog', { name: 'Chat with us' });
    await within(panel).findByText('My payment failed');
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.map((c) => String(c[0]))).toContain('/api/chat/events'),
    );
    act(() => {
      events.send({
        conversationId: STAFFED.conversationId,
        message: {
          messageId: 'm3',
          author: 'staff',
          body: 'Hello, I can help with that.',
          createdAt: '2026-03-02T10:02:00.000Z',
        },
      });
    });
    const log = within(panel).getByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('Hello, I can help with that.')).toBeInTheDocument();
    expect(within(log).getByText('Customer care:')).toBeInTheDocument();
    // The scrolling log is in the tab order, so a keyboard can scroll back through it.
    expect(log).toHaveAttribute('tabindex', '0');
    await waitFor(() => expect(reads).toHaveLength(1));
  });

  it('outside staffed hours says when someone will reply and offers the phone and e-mail', async () => {
    stubApi((path) => {
      if (path === '/api/chat') {
        return jsonResponse(200, {
          ...STAFFED,
          staffing: { isStaffed: false, nextStaffedAt: '2026-03-09T08:00:00.000Z' },
        });
      }
      if (path === '/api/chat/events') return eventStream().response();
      return jsonResponse(404, {});
    });
    renderShell('/', signedInAuthState);
    await userEvent.click(screen.getByRole('button', { name: /Help/ }));
    const panel = await screen.findByRole('dialog', { name: 'Chat with us' });
    const notice = await within(panel).findByRole('status');
    expect(notice).toHaveTextContent(
      "We're closed right now. Leave a message and someone will reply from 8am on Monday 9 March.",
    );
    expect(within(notice).getByRole('link', { name: '0800 000 0100' })).toHaveAttribute(
      'href',
      'tel:08000000100',
    );
    expect(
      within(notice).getByRole('link', { name: 'help@bmw-insurance.example' }),
    ).toHaveAttribute('href', 'mailto:help@bmw-insurance.example');
  });

  it('a chat failure is logged and shown in the panel, never breaking the page', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi((path) => (path === '/api/chat' ? jsonResponse(500, {}) : jsonResponse(404, {})));
    renderShell('/', signedInAuthState);
    await userEvent.click(screen.getByRole('button', { name: /Help/ }));
    const panel = await screen.findByRole('dialog', { name: 'Chat with us' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      "We can't connect the chat right now.",
    );
    expect(within(panel).getByRole('link', { name: '0800 000 0100' })).toBeInTheDocument();
    // No error modal: the page goes on.
    expect(screen.queryByRole('dialog', { name: /not you/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalled());
  });

  it('does nothing for admins: Help opens the help without a chat, and chat actions are not shown', async () => {
    stubApi(() => jsonResponse(404, {}));
    renderShell('/', admin);
    expect(screen.queryByRole('button', { name: 'Chat with us' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Help/ }));
    const help = screen.getByRole('dialog', { name: 'How can we help?' });
    expect(within(help).queryByText(/chat/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Chat with us' })).not.toBeInTheDocument();
    expect(vi.mocked(fetch).mock.calls.map((c) => String(c[0]))).not.toContain('/api/chat');
  });

  it('offers visitors sign-in to chat, from Help and from chat actions', async () => {
    stubApi(() => jsonResponse(404, {}));
    renderShell('/retrieve', anonymousAuthState);
    expect(screen.getByRole('link', { name: 'Sign in to chat with us' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/sign-in\?returnTo=/),
    );
    await userEvent.click(screen.getByRole('button', { name: /Help/ }));
    const help = screen.getByRole('dialog', { name: 'How can we help?' });
    expect(within(help).getByRole('link', { name: 'Sign in to chat with us' })).toHaveAttribute(
      'href',
      '/sign-in?returnTo=%2Fretrieve',
    );
  });
});
