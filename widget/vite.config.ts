import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import { widgetBundle } from './budget.js';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

/** 60 KiB gzipped: lit + marked + dompurify + graphql-ws + the widget fit with room to spare. */
export const WIDGET_BUDGET_GZIP_BYTES = 60 * 1024;

/** The build as a function, so tests can build into a temp folder or with a smaller budget. */
export function widgetConfig(options: { outDir?: string; budgetGzipBytes?: number } = {}): UserConfig {
  return {
    root: here('.'),
    publicDir: false,
    logLevel: 'warn',
    // Library mode does not replace this; some dependencies branch on it for dev-only checks.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    // Pin production builds of dependencies (Lit ships a noisy, larger dev build under the
    // "development" condition, which Vite picks whenever NODE_ENV is not "production", e.g. under vitest).
    resolve: { conditions: ['module', 'browser', 'production'] },
    build: {
      outDir: options.outDir ?? here('../dist/widget'),
      emptyOutDir: true,
      // Browsers with native custom elements, shadow DOM and ES modules; nothing older can run Lit 3.
      target: 'es2021',
      sourcemap: false,
      reportCompressedSize: false,
      lib: {
        entry: here('src/index.ts'),
        formats: ['es'],
        fileName: () => 'widget.js',
      },
      rollupOptions: {
        // One file, whatever the dependencies do: the server serves exactly one module.
        output: { inlineDynamicImports: true },
      },
    },
    plugins: [widgetBundle({ fileName: 'widget.js', budgetGzipBytes: options.budgetGzipBytes ?? WIDGET_BUDGET_GZIP_BYTES })],
  };
}

export default defineConfig(widgetConfig());
