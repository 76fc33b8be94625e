import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { brandAliases, validatedBrand } from './vite-brand.ts';
import { browserCheck } from './vite-browser-check.ts';
import { precompress } from './vite-precompress.ts';
import { preactAliases } from './vite-preact.ts';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), validatedBrand(), browserCheck(), precompress()],
  resolve: { alias: [...brandAliases(), ...preactAliases()] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/content': 'http://localhost:3000' } },
});
