// Test kit: an account's statements as its billing tab reads them (the list, then each one),
// oldest first; any answer but 200 throws, so a check never passes over an error.
import type { StatementResponse, StatementSummaryResponse } from '@motor/contract';
import type { App } from '../app-types';

export async function readStatements(
  app: App,
  headers: Record<string, string>,
  accountId: string,
): Promise<StatementResponse[]> {
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as unknown;
  };
  const url = `/api/customerAccounts/${accountId}/statements`;
  const list = (await get(url)) as StatementSummaryResponse[];
  const statements: StatementResponse[] = [];
  for (const { statementNumber } of [...list].reverse()) {
    statements.push((await get(`${url}/${statementNumber}`)) as StatementResponse);
  }
  return statements;
}
