import { useTranslation } from 'react-i18next';
import type { JobRuns } from '@motor/contract';
import { ScrollingTable } from './staff-report';

/**
 * The jobs one action ran ("Run due jobs now", a clock move): per kind how many were done, will
 * be tried again or failed for good, then each failure with its error.
 */
export function JobRunsList({ runs }: { runs: JobRuns }) {
  const { t } = useTranslation('jobs');
  if (runs.kinds.length === 0) return <p>{t('runs.none')}</p>;
  return (
    <>
      <ScrollingTable caption={t('runs.title')} isCaptionVisible>
        <thead>
          <tr>
            <th scope="col">{t('runs.kind')}</th>
            <th scope="col">{t('runs.done')}</th>
            <th scope="col">{t('runs.retrying')}</th>
            <th scope="col">{t('runs.failed')}</th>
          </tr>
        </thead>
        <tbody>
          {runs.kinds.map((row) => (
            <tr key={row.kind}>
              <th scope="row">{row.kind}</th>
              <td>{row.done}</td>
              <td>{row.retrying}</td>
              <td>{row.failed}</td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
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
