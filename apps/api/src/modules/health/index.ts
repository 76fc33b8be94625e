// Liveness and readiness (routes.ts), and what readiness waits for (readiness.ts).
export { healthRoutes } from './routes';
export { Readiness } from './readiness';
