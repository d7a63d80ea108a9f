// @hey-api/openapi-ts: the plain fetch client, and the same with its zod plugin validating every
// response (`validator: true`), both from the copy of openapi.yaml beside this file.
export default [
  {
    input: './openapi.yaml',
    output: 'clients/hey-api',
    plugins: ['@hey-api/client-fetch'],
    logs: { file: false },
  },
  {
    input: './openapi.yaml',
    output: 'clients/hey-api-zod',
    plugins: ['@hey-api/client-fetch', 'zod', { name: '@hey-api/sdk', validator: true }],
    logs: { file: false },
  },
];
