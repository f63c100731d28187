import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { aliases } from './aliases.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
  resolve: { alias: aliases },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // No public source maps: the shipped code is all a visitor gets.
    sourcemap: false,
    // dist/web/.vite/manifest.json: which chunks each page needs (the server's preload hints, the
    // budget test). It is never served.
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Every browser we support knows <link rel="modulepreload">: no polyfill in the first script.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, the router and TanStack Query are in every page's first script: one chunk, not the
          // handful of small shared pieces the automatic splitting makes of them (decision 094).
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/,
            },
            {
              // The small pure modules the event page's first script needs beside its own (money, time,
              // statuses, a few icons): one chunk rather than a dozen of a few hundred bytes, each of
              // which costs a request and its own compression overhead.
              name: 'shared',
              test: /src[\\/](?:core[\\/](?:currency|money|time|date-formatters|order-status|event-status|stock|funding|images)\.ts|web[\\/](?:components[\\/]ui[\\/](?:alert|card)\.tsx|lib[\\/]truck-menu\.ts|components[\\/]stored-image\.tsx))$|lucide-react[\\/].*(?:circle-exclamation-point|calendar-days|map-pin)/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/ws': { target: `ws://127.0.0.1:${apiPort}`, ws: true },
    },
  },
});
