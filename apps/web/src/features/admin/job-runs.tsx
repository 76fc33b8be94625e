import { useTranslation } from 'react-i18next';
import type { JobRuns } from '@motor/contract';
import { ReportTable } from '../../components/ui/scrolling-table';

const COLUMNS = ['kind', 'done', 'retrying', 'failed'];

/**
 * The jobs one action ran ("Run due jobs now", a clock move): per kind how many were done, will
 * be tried again or failed for good, then each failure with its error.
 */
export function JobRunsList({ runs }: { runs: JobRuns }) {
  const { t } = useTranslation('jobs');
  if (runs.kinds.length === 0) return <p>{t('runs.none')}</p>;
  return (
    <>
      <ReportTable
        caption={t('runs.title')}
        isCaptionVisible
        columns={COLUMNS.map((column) => t(`runs.${column}`))}
      >
        {runs.kinds.map((row) => (
          <tr key={row.kind}>
            <th scope="row">{row.kind}</th>
            <td>{row.done}</td>
            <td>{row.retrying}</td>
            <td>{row.failed}</td>
          </tr>
        ))}
      </ReportTable>
      {runs.failures.length > 0 ? (
        <>
          <h3>{t('runs.failuresTitle')}</h3>
          <ul>
            {runs.failures.map((failure, index) => (
              <li key={`${failure.key}-${index}`}>
                <code>{failure.key}</code>: {t(`runs.outcomes.${failure.outcome}`)}. {failure.error}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
