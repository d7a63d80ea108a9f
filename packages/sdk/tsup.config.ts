import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', webhooks: 'src/webhooks/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  // Types only: the runtime never imports the generated file.
  treeshake: true,
});
