// The one way the web app calls its API (spec 1 §7, §8): base /api, JSON headers, bearer token,
// failures mapped to three kinds.

export type ApiFailure =
  | { kind: 'NETWORK' }
  | { kind: 'UNAUTHORIZED' }
  | { kind: 'UNEXPECTED'; status: number; data: unknown };

export type ApiFailureKind = ApiFailure['kind'];

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly failure: ApiFailure;

  constructor(failure: ApiFailure) {
    super(
      failure.kind === 'UNEXPECTED'
        ? `Unexpected API response (HTTP ${failure.status})`
        : `API request failed: ${failure.kind}`,
    );
    this.failure = failure;
  }

  get kind(): ApiFailureKind {
    return this.failure.kind;
  }

  get status(): number | undefined {
    return this.failure.kind === 'UNEXPECTED' ? this.failure.status : undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True for a request cancelled by its AbortSignal; such errors are never reported or shown. */
export function isAbortError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const name = (error as { name?: unknown }).name;
  // TanStack Query reports its own cancellations as CancelledError.
  return name === 'AbortError' || name === 'CancelledError';
}

type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** 'blob': a successful answer is read as a Blob (a file to save), not as JSON or text. */
  responseType?: 'blob';
};

export type ApiClientOptions = {
  baseUrl?: string;
  getAccessToken?: () => Promise<string | null> | string | null;
  /** Extra headers for every request, read per request (e.g. X-Impersonate-User). */
  getHeaders?: () => Record<string, string>;
  fetch?: typeof fetch;
};

export type ApiClient = {
  request: <T>(path: string, options?: ApiRequestOptions) => Promise<T>;
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) => Promise<T>;
  post: <T>(
    path: string,
    body?: unknown,
    options?: Omit<ApiRequestOptions, 'method'>,
  ) => Promise<T>;
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method'>) => Promise<T>;
  patch: <T>(
    path: string,
    body?: unknown,
    options?: Omit<ApiRequestOptions, 'method'>,
  ) => Promise<T>;
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) => Promise<T>;
};

const API_BASE_URL = '/api';

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (text === '') return null;
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Getting the token can itself call the API (the anonymous session): its failures are classified
 * like the request's own, so the error modal never sees a raw "Failed to fetch".
 */
async function readAccessToken(
  getAccessToken: ApiClientOptions['getAccessToken'],
  signal: AbortSignal | undefined,
): Promise<string | null> {
  if (!getAccessToken) return null;
  try {
    return await getAccessToken();
  } catch (error) {
    if (isApiError(error) || isAbortError(error) || signal?.aborted) throw error;
    const status = (error as { status?: unknown }).status;
    if (status === 401) throw new ApiError({ kind: 'UNAUTHORIZED' });
    if (typeof status === 'number') {
      throw new ApiError({ kind: 'UNEXPECTED', status, data: (error as { data?: unknown }).data });
    }
    throw new ApiError({ kind: 'NETWORK' });
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? API_BASE_URL;

  const request = async <T>(path: string, init: ApiRequestOptions = {}): Promise<T> => {
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const token = await readAccessToken(options.getAccessToken, init.signal);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      // Only with a body: the API refuses a JSON content type with an empty body (400).
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...options.getHeaders?.(),
      ...init.headers,
    };
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path.startsWith('/') ? path : `/${path}`}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal,
      });
    } catch (error) {
      // An aborted request is not a failure: rethrow it untouched so callers can ignore it.
      if (isAbortError(error) || init.signal?.aborted) throw error;
      throw new ApiError({ kind: 'NETWORK' });
    }

    if (response.status === 401) throw new ApiError({ kind: 'UNAUTHORIZED' });
    let data: unknown;
    try {
      data =
        init.responseType === 'blob' && response.ok
          ? await response.blob()
          : await readBody(response);
    } catch (error) {
      if (isAbortError(error) || init.signal?.aborted) throw error;
      throw new ApiError({ kind: 'NETWORK' });
    }
    if (!response.ok) {
      throw new ApiError({ kind: 'UNEXPECTED', status: response.status, data });
    }
    return data as T;
  };

  return {
    request,
    get: (path, init) => request(path, { ...init, method: 'GET' }),
    post: (path, body, init) => request(path, { ...init, method: 'POST', body }),
    put: (path, body, init) => request(path, { ...init, method: 'PUT', body }),
    patch: (path, body, init) => request(path, { ...init, method: 'PATCH', body }),
    delete: (path, init) => request(path, { ...init, method: 'DELETE' }),
  };
}

/** Treats a 404 as "no result" for lookups: resolves to null instead of failing. */
export async function nullOn404<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * GET one thing by its path, checked against its response schema; null when the server has no
 * such thing for the caller (404). The read behind every "find" the pages make.
 */
export async function findParsed<T>(
  client: ApiClient,
  path: string,
  schema: { parse: (data: unknown) => T },
  signal?: AbortSignal,
): Promise<T | null> {
  const data = await nullOn404(client.get<unknown>(path, { signal }));
  return data === null ? null : schema.parse(data);
}
