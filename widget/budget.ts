import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
  brotliBytes: number;
  /** Most bytes either encoding may put on the wire. */
  budgetBytes: number;
}

const kb = (n: number): string => `${(n / 1000).toFixed(1)} KB`;

/** gzip -9 and brotli at its highest quality, as the build writes them next to the module. */
export function compress(bytes: Buffer): { gzip: Buffer; brotli: Buffer } {
  return {
    gzip: gzipSync(bytes, { level: 9 }),
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  };
}

/**
 * Makes the widget build one minified ES module, its precompressed copies (`.gz`, `.br`, served
 * as they are, so no request spends CPU compressing) and manifest.json; prints the sizes, and
 * fails the build when either compressed copy is over the budget: embedders pay for every byte.
 */
export function widgetBundle(options: { fileName: string; budgetBytes: number }): Plugin {
  return {
    name: 'triage-widget-bundle',
    apply: 'build',
    // Vite's library mode leaves whitespace in ES output (for consumers' tree-shaking); this file is
    // served to browsers as is, so minify it fully.
    // `post` so it runs after Vite's own esbuild pass, which would re-print the code unminified.
    renderChunk: {
      order: 'post',
      async handler(code) {
        const out = await transformWithEsbuild(code, 'widget.js', { minify: true, format: 'esm', legalComments: 'none', charset: 'utf8' });
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
      const { gzip, brotli } = compress(bytes);
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
      const manifest: WidgetManifest = {
        file: options.fileName,
        hash,
        versionedFile: options.fileName.replace(/\.js$/, `.${hash}.js`),
        integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
        bytes: bytes.length,
        gzipBytes: gzip.length,
        brotliBytes: brotli.length,
        budgetBytes: options.budgetBytes,
      };
      const line =
        `${options.fileName}: ${kb(bytes.length)} raw, ${kb(gzip.length)} gzip, ${kb(brotli.length)} brotli ` +
        `(budget ${kb(options.budgetBytes)} on the wire), hash ${hash}`;
      if (gzip.length > options.budgetBytes || brotli.length > options.budgetBytes) {
        this.error(`widget bundle over budget: ${line}`);
      }
      // Printed, not logged through Vite, so it shows whatever the log level.
      console.log(line);
      this.emitFile({ type: 'asset', fileName: `${options.fileName}.gz`, source: gzip });
      this.emitFile({ type: 'asset', fileName: `${options.fileName}.br`, source: brotli });
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}
