// https://vike.dev/vite-plugin — pages/ is the route table; React via vike-react.
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), vike()],
  build: { target: 'es2022' },
  // The #src/* … aliases of tsconfig.json.
  resolve: { tsconfigPaths: true },
});
