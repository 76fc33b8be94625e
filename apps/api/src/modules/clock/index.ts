// The server's clock as staff see and move it (issue 30 item 8): routes for app.ts, the stored
// offset and its sync for server.ts.
export { clockRoutes } from './routes';
export { readClockOffset } from './offset';
export { syncClockOffset } from './sync';
