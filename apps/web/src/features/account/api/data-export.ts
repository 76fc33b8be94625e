import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/use-api-client';

// GET /api/policyholder/data-export (apps/api modules/privacy): every record about the customer,
// as JSON. It needs the bearer token, so the browser fetches it and saves it as a file.

/** `my-data-2026-03-02.json`, the London day, as the API names it. */
function dataExportFileName(at: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(at);
  return `my-data-${day}.json`;
}

async function downloadDataExport(client: ApiClient): Promise<void> {
  const data = await client.get<unknown>('/policyholder/data-export');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = dataExportFileName(new Date());
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function useDownloadDataExport() {
  const client = useApiClient();
  return useMutation({ mutationFn: () => downloadDataExport(client) });
}
