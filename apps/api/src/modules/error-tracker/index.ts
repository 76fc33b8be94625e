// The embedded error tracker's public face (issue 32 item 3): record an error; its routes.
export { recordError } from './service';
export { errorTrackerRoutes } from './routes';
