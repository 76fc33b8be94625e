import { inject } from 'vitest';
import { installShiftedDate } from './shifted-clock.mjs';

// Every journey file's own clock (support/clock.ts): what a test computes from `new Date()` agrees
// with the servers and the browser.
const offsetMs = inject('clockOffsetMs');
installShiftedDate(() => offsetMs);
// For the servers a journey starts itself (support/server.ts), with the run's migrated database.
process.env.E2E_CLOCK_OFFSET_MS = String(offsetMs);
process.env.E2E_DATA_TEMPLATE = inject('dataTemplate');
