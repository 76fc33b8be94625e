import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { JOB_STATES, type JobListResponse } from '@motor/contract';
import { Button } from '../../components/ui/button';
import { useJobs, useRunDueJobs } from './api/jobs';
import { JobRunsList } from './job-runs';
import { ReportTable } from '../../components/ui/scrolling-table';
import { STAFF_PERMISSIONS, useStaffPermission } from './permissions';
import { StaffReport } from './staff-report';
import { useAddressFilter } from './use-address-filter';
import { FilterField } from './filter-field';
import { FailureNotice } from '../../components/ui/failure-notice';

const KIND_COLUMNS = [
  'kind',
  'pending',
  'running',
  'retrying',
  'failed',
  'done',
  'lastDone',
  'lastFailed',
];
const JOB_COLUMNS = ['kind', 'key', 'state', 'attempts', 'created', 'next', 'finished', 'error'];

/** An instant as staff read it (London time), or a dash-free fallback text. */
function When({ iso, fallback = '' }: { iso: string | null; fallback?: string }) {
  if (!iso) return <>{fallback}</>;
  return <time dateTime={iso}>{new Date(iso).toLocaleString('en-GB')}</time>;
}

function KindsTable({ kinds }: { kinds: JobListResponse['kinds'] }) {
  const { t } = useTranslation('jobs');
  return (
    <ReportTable
      caption={t('kinds.title')}
      columns={KIND_COLUMNS.map((column) => t(`kinds.${column}`))}
    >
      {kinds.map((kind) => (
        <tr key={kind.kind}>
          <th scope="row">{kind.kind}</th>
          <td>{kind.pending}</td>
          <td>{kind.running}</td>
          <td>{kind.retrying}</td>
          <td>{kind.failed}</td>
          <td>{kind.done}</td>
          <td>
            <When iso={kind.lastDoneAt} fallback={t('kinds.never')} />
          </td>
          <td>
            <When iso={kind.lastFailedAt} fallback={t('kinds.never')} />
          </td>
        </tr>
      ))}
    </ReportTable>
  );
}

function JobsTable({ jobs }: { jobs: JobListResponse['jobs'] }) {
  const { t } = useTranslation('jobs');
  return (
    <ReportTable
      caption={t('list.title')}
      columns={JOB_COLUMNS.map((column) => t(`list.${column}`))}
    >
      {jobs.map((job) => (
        <tr key={job.id}>
          <td>{job.kind}</td>
          <td>
            <code>{job.key}</code>
          </td>
          <td>{t(`states.${job.state}`)}</td>
          <td>{job.attempts}</td>
          <td>
            <When iso={job.createdAt} />
          </td>
          <td>{job.doneAt || job.failedAt ? null : <When iso={job.runAt} />}</td>
          <td>
            <When iso={job.doneAt ?? job.failedAt} />
          </td>
          <td>
            {job.lastError ? (
              <details>
                <summary>{job.lastError.split('\n')[0]}</summary>
                <pre>{job.lastError}</pre>
              </details>
            ) : (
              t('list.noError')
            )}
          </td>
        </tr>
      ))}
    </ReportTable>
  );
}

/** Issue 30 item 8: staff run every due job now and see what ran, rather than wait a poll. */
function RunDueJobs() {
  const { t } = useTranslation('jobs');
  const id = useId();
  const run = useRunDueJobs();
  return (
    <section aria-labelledby={`${id}-run`}>
      <h2 id={`${id}-run`}>{t('runNow.title')}</h2>
      <p>{t('runNow.intro')}</p>
      <Button onClick={() => run.mutate()} disabled={run.isPending}>
        {t('runNow.button')}
      </Button>
      <div role="status">
        {run.isPending ? <p>{t('runNow.running')}</p> : null}
        {run.isSuccess ? (
          <p>{t('runNow.ran', { time: new Date(run.data.now).toLocaleString('en-GB') })}</p>
        ) : null}
      </div>
      {run.isError ? <FailureNotice>{t('runNow.failed')}</FailureNotice> : null}
      {run.isSuccess ? <JobRunsList runs={run.data.runs} /> : null}
    </section>
  );
}

/** Issue 17 item 1: the job runner's runs, failures and retries, for staff. */
export function JobsPage() {
  const { t } = useTranslation('jobs');
  const allowed = useStaffPermission()(STAFF_PERMISSIONS.operations);
  const filter = useAddressFilter(['state', 'kind']);
  const id = useId();
  const jobs = useJobs(filter.applied, allowed);

  return (
    <StaffReport
      className="staff-jobs"
      permission={STAFF_PERMISSIONS.operations}
      namespace="jobs"
      action={<RunDueJobs />}
      query={jobs}
    >
      {(data) => (
        <>
          <section aria-labelledby={`${id}-kinds`}>
            <h2 id={`${id}-kinds`}>{t('kinds.title')}</h2>
            <KindsTable kinds={data.kinds} />
          </section>
          <form onSubmit={filter.apply} noValidate aria-labelledby={`${id}-filters`}>
            <h2 id={`${id}-filters`}>{t('filters.title')}</h2>
            <FilterField
              filter={filter}
              name="state"
              formId={id}
              label={t('filters.state')}
              choices={{
                any: t('filters.anyState'),
                options: JOB_STATES.map((value) => ({ value, text: t(`states.${value}`) })),
              }}
            />
            <FilterField
              filter={filter}
              name="kind"
              formId={id}
              label={t('filters.kind')}
              choices={{
                any: t('filters.anyKind'),
                options: data.kinds.map((row) => ({ value: row.kind, text: row.kind })),
              }}
            />
            <Button type="submit">{t('filters.apply')}</Button>
          </form>
          <section aria-labelledby={`${id}-list`}>
            <h2 id={`${id}-list`}>{t('list.title')}</h2>
            {data.jobs.length === 0 ? (
              <p role="status">{t('list.none')}</p>
            ) : (
              <JobsTable jobs={data.jobs} />
            )}
          </section>
        </>
      )}
    </StaffReport>
  );
}
