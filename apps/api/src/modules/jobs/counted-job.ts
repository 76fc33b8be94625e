import type { ServiceDeps } from '../../app-types';
import { defineScheduledJob, type Job } from './runner';

/**
 * A scheduled job whose run answers how many things it did (events purged, submissions made): a
 * run that did some logs the count as `counted` with `message`; an idle run says nothing.
 */
export function defineCountedJob(definition: {
  kind: string;
  schedule: string;
  run: (deps: ServiceDeps) => Promise<number>;
  counted: string;
  message: string;
}): Job {
  const { run, counted, message, ...rest } = definition;
  return defineScheduledJob({
    ...rest,
    run: async (deps) => {
      const count = await run(deps);
      if (count > 0) deps.log.info({ [counted]: count }, message);
    },
  });
}
