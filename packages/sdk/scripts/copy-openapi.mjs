// Copies the repository's openapi.yaml (the one source of the contract) into the package, so that
// it ships as `@reservation-api/sdk/openapi.yaml` without a second copy in git (the copy is ignored).
// Run by `build` and by `prepack`, so a packed tarball always holds the current contract.
import { copyFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
copyFileSync(resolve(root, '../../openapi.yaml'), resolve(root, 'openapi.yaml'));
