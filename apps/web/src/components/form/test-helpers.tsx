import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { parseInputDefinitions } from '@motor/forms';
import type { FormContext, InputDefinitionInput } from '@motor/forms';

// Shared by the form component tests: real definitions through the engine's parser, a query
// client for lookups, and a fetch stub that answers by path.

const NOW = new Date('2026-06-15T10:00:00Z');

export const baseContext: FormContext = { now: NOW, schemeCode: 'bmw-flex' };

export const defineInputs = (inputs: InputDefinitionInput[]) => parseInputDefinitions(inputs);

export function renderWithQuery(element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

/** Stubs fetch; `answer` maps a request path (after /api) to a JSON body, or null for 404. */
export function stubLookups(answer: (path: string) => unknown) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const path = `${url.pathname.replace(/^\/api/, '')}${url.search}`;
    const body = answer(path);
    return Promise.resolve(
      body === null
        ? new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          })
        : new Response(JSON.stringify(body), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
