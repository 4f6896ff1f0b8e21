import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import { widgetBundle } from './budget.js';
import { loadWidgetOperations } from '../server/app/persisted-operations.js';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

/** 40 KB (40,000 bytes) on the wire, gzip or brotli, whichever the browser takes. */
export const WIDGET_BUDGET_BYTES = 40_000;

/** The build as a function, so tests can build into a temp folder or with a smaller budget. */
export function widgetConfig(options: { outDir?: string; budgetBytes?: number } = {}): UserConfig {
  // The bundle carries the ids of its GraphQL operations, not their text (persisted operations).
  const operations = loadWidgetOperations();
  return {
    root: here('.'),
    publicDir: false,
    logLevel: 'warn',
    // Library mode does not replace this; some dependencies branch on it for dev-only checks.
    define: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      __TRIAGE_OPERATIONS__: JSON.stringify(operations.idByName),
    },
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
    plugins: [widgetBundle({ fileName: 'widget.js', budgetBytes: options.budgetBytes ?? WIDGET_BUDGET_BYTES })],
  };
}

export default defineConfig(widgetConfig());
