// Jest's transform of the API's TypeScript: esbuild, one file at a time, types stripped (tsc checks them:
// `npm run typecheck`). ts-jest compiled each file through a TypeScript program instead, seconds per file
// on a fresh clone where jest's cache is empty.
const { createHash } = require('node:crypto');
const esbuild = require('esbuild');

/** What of tsconfig.json changes the emitted code (esbuild reads no tsconfig in a single-file transform). */
const TSCONFIG_RAW = { compilerOptions: { useDefineForClassFields: true } };

module.exports = {
  getCacheKey(source, filename, { configString }) {
    return createHash('sha256')
      .update(esbuild.version)
      .update('\0')
      .update(filename)
      .update('\0')
      .update(configString)
      .update('\0')
      .update(source)
      .digest('hex');
  },
  process(source, filename) {
    const { code, map } = esbuild.transformSync(source, {
      loader: 'ts',
      format: 'cjs',
      target: 'node20',
      platform: 'node',
      sourcemap: 'external',
      sourcefile: filename,
      tsconfigRaw: TSCONFIG_RAW,
    });
    return { code, map };
  },
};
