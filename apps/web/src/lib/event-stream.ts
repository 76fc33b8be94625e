// Server-Sent Events read with fetch (not EventSource), so the bearer token and the admin's
// impersonation header go in headers rather than the URL. Reconnects after a drop until aborted.

const RECONNECT_MS = 3_000;

export type EventStreamOptions = {
  /** Under the API base, e.g. '/chat/events'. */
  path: string;
  getAccessToken: () => Promise<string | null>;
  getHeaders?: () => Record<string, string>;
  signal: AbortSignal;
  /** Each `message` event's data, parsed as JSON. */
  onMessage: (data: unknown) => void;
  /** A failed connection or a broken event (logged by the caller); the stream retries. */
  onError: (error: unknown) => void;
  /** Called each time the stream is (re)connected: a chance to catch up on what was missed. */
  onOpen?: () => void;
  fetch?: typeof fetch;
};

function dispatch(block: string, options: EventStreamOptions) {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (event !== 'message' || data.length === 0) return;
  try {
    options.onMessage(JSON.parse(data.join('\n')) as unknown);
  } catch (error) {
    options.onError(error);
  }
}

async function readOnce(options: EventStreamOptions): Promise<void> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const token = await options.getAccessToken();
  const response = await doFetch(`/api${options.path}`, {
    headers: {
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...options.getHeaders?.(),
    },
    signal: options.signal,
  });
  if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
  options.onOpen?.();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      dispatch(buffer.slice(0, end), options);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
  }
}

/** Follows the stream until `signal` aborts; never throws. */
export async function followEventStream(options: EventStreamOptions): Promise<void> {
  while (!options.signal.aborted) {
    try {
      await readOnce(options);
    } catch (error) {
      if (options.signal.aborted) return;
      options.onError(error);
    }
    if (options.signal.aborted) return;
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
  }
}
