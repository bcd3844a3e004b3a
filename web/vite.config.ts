import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves /api and the embedded dev helpers under /dev; in development the browser
// talks only to Vite, so both are proxied to keep the app same-origin as in production.
const gateway = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  // The manifest tells the landing-bundle budget (scripts/check-bundle-budget.ts) which files / loads.
  build: { outDir: 'dist', manifest: true },
  server: {
    proxy: {
      '/api': gateway,
      '/dev': gateway,
    },
  },
});
