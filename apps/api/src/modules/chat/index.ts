// The chat module's public face (issue 18 item 3). Routes are mounted by app.ts.
export { chatRoutes } from './routes';
