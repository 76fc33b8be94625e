import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { brandAliases } from './vite-brand.ts';

/**
 * Files that replace a module (vi.mock), reset the module registry, or read what the app's
 * modules keep between renders (the error reporter, the chat channel, the session's proposals):
 * each runs in a module graph of its own, with vitest's isolation. Every other file shares its
 * worker's modules with the files before it (isolate: false): importing React, the route table
 * and the texts again for each file was 230 of the web pass's 270 seconds (issue 29). Found by
 * running the pass shuffled (`--sequence.shuffle`): a file that fails there belongs here.
 */
const ISOLATED = [
  'src/features/checkout/checkout-page.test.tsx',
  'src/lib/error-reporting.test.ts',
  'src/app/error-modal-wiring.test.tsx',
  'src/app/chat.test.tsx',
  'src/features/home/home-page.test.tsx',
];

const project = (test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration => ({
  plugins: [react()],
  resolve: { alias: brandAliases() },
  test: {
    root: import.meta.dirname,
    environment: 'happy-dom',
    // Absolute: the root config runs these projects from the repository.
    setupFiles: [fileURLToPath(new URL('./src/test/setup.ts', import.meta.url))],
    // Vitest's 5 s is Testing Library's own wait here (asyncUtilTimeout, src/test/setup.ts): a
    // test whose page chunk imports slowly on a loaded 2-core machine met both at once. Measured
    // at 2.3 s for the slowest on a busy machine; 20 s leaves room for every core to be taken.
    testTimeout: 20_000,
    ...test,
  },
});

/** The web app's component tests: `web` and `web:isolated` (the root config's projects). */
export const WEB_PROJECTS = [
  project({
    name: 'web',
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...ISOLATED],
  }),
  project({ name: 'web:isolated', include: ISOLATED }),
];

export default defineConfig({ test: { projects: WEB_PROJECTS } });
