// The chat module's public face (issue 18 item 3). Routes are mounted by app.ts.
export { chatRoutes } from './routes';
// The built-in chat provider's store (its tables), which the provider is given when it opens.
export { createChatStore } from './store';
