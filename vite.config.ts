// https://vike.dev/vite-plugin — pages/ is the route table; React via vike-react.
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';
import { precompressPlugin } from './server/precompress';

export default defineConfig({
  plugins: [react(), vike(), precompressPlugin()],
  build: { target: 'es2022' },
  // The #src/* … aliases of tsconfig.json.
  resolve: { tsconfigPaths: true },
});
