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
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/ws': { target: `ws://127.0.0.1:${apiPort}`, ws: true },
    },
  },
});
