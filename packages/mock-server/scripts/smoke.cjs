// The package is ESM-only; CommonJS users on Node 20.19+ load it with require(esm).
// This proves both ways of loading the built entries by name work.
const assert = require('node:assert/strict');

const main = require('@reservation-api/mock-server');
const service = main.createMockService({ seed: 'demo' });
assert.equal(typeof service.control.reset, 'function');
assert.ok(service.handlers.length > 0);
assert.equal(typeof require('@reservation-api/mock-server/node').startMockServer, 'function');
console.log('smoke: require() of @reservation-api/mock-server and ./node works');

// The API description ships as a file export, the same bytes as the repository's openapi.yaml.
const { readFileSync } = require('node:fs');
const shipped = readFileSync(require.resolve('@reservation-api/mock-server/openapi.yaml'), 'utf8');
assert.equal(shipped, readFileSync(require.resolve('../../../openapi.yaml'), 'utf8'));
assert.match(shipped, /^openapi: 3\.1/m);
console.log('smoke: @reservation-api/mock-server/openapi.yaml resolves to the API description');

import('@reservation-api/mock-server').then(async (esm) => {
  assert.equal(typeof esm.createMockService, 'function');
  assert.equal(typeof (await import('@reservation-api/mock-server/browser')).createMockService, 'function');
  console.log('smoke: import of @reservation-api/mock-server and ./browser works');
});
