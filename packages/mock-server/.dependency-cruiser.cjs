// The import rule of src/ (mock README, "How it works"): arrows point only down this list of layers,
// every module of src/ is in one of them, and the SDK and msw each come in through one place.
// `pnpm check:imports` runs it (in `pnpm test`); test/architecture/import-rules.test.ts proves it
// reports a forbidden import.
/** Top to bottom; paths relative to the package folder. */
const LAYERS = [
  ['entries', '^src/((index|browser|node|client|cli|coverage|public|playwright|supertest)\\.ts$|cli/)'],
  ['transports', '^src/transports/'],
  ['composition', '^src/mock\\.ts$'],
  ['pipeline', '^src/pipeline/'],
  ['control', '^src/control/'],
  ['observers', '^src/observers/'],
  ['seed', '^src/seed/'],
  ['domain', '^src/domain/'],
  ['runtime', '^src/runtime/'],
  ['contract', '^src/(contract\\.ts$|generated/)'],
];

const upward = LAYERS.slice(1).map(([name, path], index) => ({
  name: `${name}-imports-no-layer-above`,
  comment: `${name} must not import ${LAYERS.slice(0, index + 1)
    .map(([above]) => above)
    .join(', ')}`,
  severity: 'error',
  from: { path },
  to: { path: LAYERS.slice(0, index + 1).map(([, above]) => above) },
}));

/** A module of src/ that is in no layer would escape every rule above: it may neither import nor be imported. */
const LAYERED = LAYERS.map(([, path]) => path);
const unlayered = [
  {
    name: 'every-module-in-a-layer',
    comment:
      'a module of src/ outside the layers (add it to a layer folder, or the layer list) imports nothing',
    severity: 'error',
    from: { path: '^src/', pathNot: LAYERED },
    to: {},
  },
  {
    name: 'nothing-imports-an-unlayered-module',
    comment:
      'a module of src/ outside the layers (add it to a layer folder, or the layer list) is imported by none',
    severity: 'error',
    from: {},
    to: { path: '^src/', pathNot: LAYERED },
  },
  {
    name: 'no-unlayered-orphan',
    comment: 'a module of src/ outside the layers that nothing imports (move it into a layer, or remove it)',
    severity: 'error',
    from: { orphan: true, path: '^src/', pathNot: LAYERED },
    to: {},
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...upward,
    ...unlayered,
    {
      name: 'runtime-imports-only-runtime',
      comment: 'runtime/ (lock, clock, scheduler, ids, event bus, logger) depends on nothing else of src/',
      severity: 'error',
      from: { path: '^src/runtime/' },
      to: { path: '^src/', pathNot: '^src/runtime/' },
    },
    {
      name: 'sdk-only-through-the-contract',
      comment: 'only src/contract.ts imports @reservation-api/sdk',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/contract\\.ts$' },
      to: { path: '(^|/)(node_modules/@reservation-api/sdk|packages/sdk)/|(^|\\.\\./)sdk/(src|dist)/' },
    },
    {
      name: 'msw-only-in-transports',
      comment: 'only src/transports/ imports msw',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/transports/' },
      to: { path: '(^|/)node_modules/msw/' },
    },
    {
      name: 'playwright-only-in-its-entry',
      comment: 'only src/playwright.ts (the ./playwright entry) imports @playwright/test, an optional peer',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/playwright\\.ts$' },
      to: { path: '(^|/)node_modules/(@playwright/test|playwright|playwright-core)/' },
    },
    {
      name: 'no-unresolvable-import',
      comment: 'an import the checker cannot resolve could hide a forbidden one',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@reservation-api/source', 'import', 'types', 'default'],
      extensions: ['.ts', '.js', '.d.ts'],
    },
  },
};
