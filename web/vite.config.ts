import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves /api and the embedded dev helpers under /dev; in development the browser
// talks only to Vite, so both are proxied to keep the app same-origin as in production.
const gateway = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // The manifest tells the landing-bundle budget (scripts/check-bundle-budget.ts) which files / loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router change far less often than the app: a chunk of their own stays
        // cached across releases. The rest of what the first page needs ($initial) is one chunk:
        // left to automatic splitting, the modules it shares with the lazy pages (the admin area's
        // above all) scatter into many small chunks that compress worse and cost a request each.
        // Everything else splits by route (routes.tsx loads pages lazily).
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 1 },
            { name: 'shell', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': gateway,
      '/dev': gateway,
    },
  },
});
