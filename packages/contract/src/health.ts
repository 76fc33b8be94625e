import { z } from 'zod';

/** The process is up. Says nothing about the database (see ReadyResponse). */
export const HealthResponseSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** The process can serve traffic: its database answers. */
export const ReadyResponseSchema = z.object({ status: z.literal('ready') }).meta({ id: 'Ready' });
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>;

/** Answered with 503 while the database does not answer; load balancers take the process out. */
export const UnavailableResponseSchema = z
  .object({ status: z.literal('unavailable') })
  .meta({ id: 'Unavailable' });
export type UnavailableResponse = z.infer<typeof UnavailableResponseSchema>;
