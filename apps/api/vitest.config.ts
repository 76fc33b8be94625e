import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    // Registers the test brands in every test file's module graph (services resolve schemes).
    setupFiles: ['./src/test/test-brands.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
