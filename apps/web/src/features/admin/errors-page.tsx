import { useTranslation } from 'react-i18next';
import type { ErrorEventsResponse } from '@motor/contract';
import { ReportTable } from '../../components/ui/scrolling-table';
import { NamedStaffReport } from './staff-report';
import { formatLondonDateTime } from './format-instant';

type ErrorEvent = ErrorEventsResponse['errors'][number];

const COLUMNS = ['lastSeen', 'error', 'source', 'where', 'count', 'firstSeen', 'release'];

/** One kind of error: what, where, how often, since when; its stack folded away. */
function ErrorRow({ error }: { error: ErrorEvent }) {
  const { t } = useTranslation('admin');
  return (
    <tr>
      <td>
        <time dateTime={error.lastSeenAt}>{formatLondonDateTime(error.lastSeenAt)}</time>
      </td>
      <th scope="row">
        <span className="staff-errors__message">
          {error.name}: {error.message}
        </span>
        {error.stack ? (
          <details>
            <summary>{t('errors.stack')}</summary>
            <pre className="staff-errors__stack">{error.stack}</pre>
          </details>
        ) : null}
      </th>
      <td>{t(`errors.sources.${error.source}`)}</td>
      <td>{error.location ?? '—'}</td>
      <td>{error.count}</td>
      <td>
        <time dateTime={error.firstSeenAt}>{formatLondonDateTime(error.firstSeenAt)}</time>
      </td>
      <td>
        {error.release}
        {error.lastRequestId ? (
          <>
            <br />
            <code>{error.lastRequestId}</code>
          </>
        ) : null}
      </td>
    </tr>
  );
}

/**
 * Issue 32 item 3: the embedded error tracker for staff with access:operations — each kind of
 * error the server did not expect or a page met, how often, first and last seen, scrubbed of
 * personal data.
 */
export function ErrorsPage() {
  const { t } = useTranslation('admin');
  return (
    <NamedStaffReport name="errors" texts="errors" list={{ rows: (data) => data.errors }}>
      {(data) => (
        <ReportTable
          caption={t('errors.caption')}
          className="finance-table staff-errors__table"
          columns={COLUMNS.map((column) => t(`errors.columns.${column}`))}
        >
          {data.errors.map((error) => (
            <ErrorRow key={error.id} error={error} />
          ))}
        </ReportTable>
      )}
    </NamedStaffReport>
  );
}
