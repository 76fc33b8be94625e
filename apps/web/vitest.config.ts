import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { brandAliases } from './vite-brand.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: brandAliases() },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
  },
});
