import { useCallback } from 'react';
import { UploadStageResponseSchema, type UploadStageResponse } from '@motor/contract';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { getImpersonationHeaders } from '../../../lib/auth/impersonation';

// POST /api/documents/upload/stage/{policyId}?purpose= (spec 3 §7 stageUpload): one file as
// multipart, through XMLHttpRequest because fetch reports no upload progress. Failures are the
// api client's kinds (NETWORK, UNAUTHORIZED, UNEXPECTED with the error body).

export type StageUploadOptions = {
  policyId: string;
  purpose: string;
  file: File;
  /** 0 to 100, as the bytes leave the browser. */
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
};

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function sendStageRequest(
  options: StageUploadOptions & { headers: Record<string, string> },
): Promise<UploadStageResponse> {
  const { policyId, purpose, file, onProgress, signal, headers } = options;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const url =
      `/api/documents/upload/stage/${encodeURIComponent(policyId)}` +
      `?purpose=${encodeURIComponent(purpose)}`;
    request.open('POST', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * 100);
    };
    request.onload = () => {
      const data = parseBody(request.responseText);
      if (request.status === 401) return reject(new ApiError({ kind: 'UNAUTHORIZED' }));
      if (request.status < 200 || request.status >= 300) {
        return reject(new ApiError({ kind: 'UNEXPECTED', status: request.status, data }));
      }
      const parsed = UploadStageResponseSchema.safeParse(data);
      if (!parsed.success) {
        return reject(new ApiError({ kind: 'UNEXPECTED', status: request.status, data }));
      }
      onProgress(100);
      resolve(parsed.data);
    };
    request.onerror = () => reject(new ApiError({ kind: 'NETWORK' }));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
}

/** Stages one file with the session's bearer token (and the customer staff act for). */
export function useStageUpload() {
  const { getAccessToken, isAdmin } = useAuth();
  return useCallback(
    async (options: StageUploadOptions) => {
      const token = await getAccessToken();
      const headers: Record<string, string> = {
        Accept: 'application/json',
        ...getImpersonationHeaders(isAdmin),
      };
      if (token) headers.Authorization = `Bearer ${token}`;
      return sendStageRequest({ ...options, headers });
    },
    [getAccessToken, isAdmin],
  );
}
