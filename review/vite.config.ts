import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import { widgetBundle } from '../widget/budget.js';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

/** The review page is for staff on a desktop, not embedded: a looser budget than the widget's, still checked. */
export const REVIEW_BUDGET_GZIP_BYTES = 24 * 1024;

/** Built like the widget (one minified ES module plus manifest.json), separately, so neither counts against the other's budget. */
export function reviewConfig(options: { outDir?: string } = {}): UserConfig {
  return {
    root: here('.'),
    publicDir: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    resolve: { conditions: ['module', 'browser', 'production'] },
    build: {
      outDir: options.outDir ?? here('../dist/review'),
      emptyOutDir: true,
      target: 'es2021',
      sourcemap: false,
      reportCompressedSize: false,
      lib: { entry: here('src/index.ts'), formats: ['es'], fileName: () => 'review.js' },
      rollupOptions: { output: { inlineDynamicImports: true } },
    },
    plugins: [widgetBundle({ fileName: 'review.js', budgetBytes: REVIEW_BUDGET_GZIP_BYTES })],
  };
}

export default defineConfig(reviewConfig());
