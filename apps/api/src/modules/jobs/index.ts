// The job runner's public face: define a job, enqueue it in your transaction, wake the runner.
export { drainDueRows } from './batches';
export { defineCountedJob } from './counted-job';
export { enqueueJob } from './queue';
export { defineSweepJob } from './sweep-job';
export {
  defineJob,
  definePolicyJob,
  defineScheduledJob,
  observeJobRuns,
  startJobRunner,
  wakeJobRunner,
  type JobRun,
} from './runner';
export { runDueJobsNow, summariseJobRuns } from './due-jobs';
export { listJobKeysEnqueuedBy } from './keys';
