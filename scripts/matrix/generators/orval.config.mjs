// orval: its fetch client with TypeScript models, and with zod models that validate every response
// (`runtimeValidation`), both from the copy of openapi.yaml beside this file.
export default {
  plain: {
    input: './openapi.yaml',
    output: { target: './clients/orval/api.ts', schemas: './clients/orval/model', client: 'fetch' },
  },
  zod: {
    input: './openapi.yaml',
    output: {
      target: './clients/orval-zod/api.ts',
      schemas: { path: './clients/orval-zod/model', type: 'zod' },
      client: 'fetch',
      override: { fetch: { runtimeValidation: true } },
    },
  },
};
