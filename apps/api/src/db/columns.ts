import { timestamp } from 'drizzle-orm/pg-core';

/**
 * An instant, stored as timestamptz and read as a Date. Written by the application from its Clock,
 * so there are no `default now()` on business timestamps.
 */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
