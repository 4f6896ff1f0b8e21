import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { transformWithEsbuild, type Plugin } from 'vite';

/** What the server reads to serve /widget.js and the long-cached /widget.<hash>.js. */
export interface WidgetManifest {
  file: string;
  /** First 12 hex digits of the SHA-256 of the file's bytes (what server/app/static.ts serves as /widget.<hash>.js). */
  hash: string;
  versionedFile: string;
  /** Subresource Integrity value for embedders who pin the versioned URL. */
  integrity: string;
  bytes: number;
  gzipBytes: number;
  budgetGzipBytes: number;
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

/**
 * Makes the widget build one minified ES module plus manifest.json, prints its size, and fails the
 * build when the gzipped module exceeds the budget: embedders pay for every byte on their pages.
 */
export function widgetBundle(options: { fileName: string; budgetGzipBytes: number }): Plugin {
  return {
    name: 'triage-widget-bundle',
    apply: 'build',
    // Vite's library mode leaves whitespace in ES output (for consumers' tree-shaking); this file is
    // served to browsers as is, so minify it fully.
    // `post` so it runs after Vite's own esbuild pass, which would re-print the code unminified.
    renderChunk: {
      order: 'post',
      async handler(code) {
        const out = await transformWithEsbuild(code, 'widget.js', { minify: true, format: 'esm', legalComments: 'none' });
        return { code: out.code, map: null };
      },
    },
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const chunk = files.find((f) => f.type === 'chunk' && f.fileName === options.fileName);
      if (!chunk || chunk.type !== 'chunk' || files.length !== 1) {
        this.error(`expected exactly one output file ${options.fileName}, got: ${files.map((f) => f.fileName).join(', ')}`);
      }
      const bytes = Buffer.from(chunk.code, 'utf8');
      const gzipBytes = gzipSync(bytes, { level: 9 }).length;
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
      const manifest: WidgetManifest = {
        file: options.fileName,
        hash,
        versionedFile: options.fileName.replace(/\.js$/, `.${hash}.js`),
        integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
        bytes: bytes.length,
        gzipBytes,
        budgetGzipBytes: options.budgetGzipBytes,
      };
      const line = `${options.fileName}: ${kb(bytes.length)} raw, ${kb(gzipBytes)} gzip (budget ${kb(options.budgetGzipBytes)} gzip), hash ${hash}`;
      if (gzipBytes > options.budgetGzipBytes) {
        this.error(`widget bundle over budget: ${line}`);
      }
      // Printed, not logged through Vite, so it shows whatever the log level.
      console.log(line);
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}
