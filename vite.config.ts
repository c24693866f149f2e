// https://vike.dev/vite-plugin — pages/ is the route table; React via vike-react.
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';
import { precompressPlugin } from './server/precompress';
import { i18nSplitPlugin } from './server/i18n-split';

export default defineConfig({
  plugins: [react(), vike(), i18nSplitPlugin('src/i18n/ja.ts'), precompressPlugin()],
  build: {
    target: 'es2022',
    // BUNDLE_SOURCEMAP=1 npm run build, then `npx source-map-explorer <chunk>.js`: what a chunk holds.
    sourcemap: process.env.BUNDLE_SOURCEMAP === '1',
    rolldownOptions: {
      // Building a zod schema has no side effects, but a method chain (`z.string().trim().refine(…)`) looks like one to
      // the bundler: a page that imports one constant of a *.schemas.ts module used to carry zod (~24 kB gzipped) for
      // schemas it never reads. Calls on `z` are pure: an unread schema is dropped with its zod code (issue 16). Reading
      // a property has no side effects in this code base either (no getters that act), which lets `ja.browse.x` as
      // an argument of such a call be dropped too.
      treeshake: {
        // `z` and the schema helpers of src/lib/validate.ts that only build zod schemas.
        manualPureFunctions: ['z', 'idJson', 'countJson', 'dateTimeJson', 'dateJson', 'timeJson', 'urlJson', 'pageMetaJson'],
        propertyReadSideEffects: false,
      },
    },
  },
  // The #src/* … aliases of tsconfig.json.
  resolve: { tsconfigPaths: true },
});
