// Ships the API description with the package (`@reservation-api/mock-server/openapi.yaml`): copied
// from the repository root at build and pack time, so the repository keeps one openapi.yaml.
import { copyFileSync } from 'node:fs';

copyFileSync(new URL('../../../openapi.yaml', import.meta.url), new URL('../openapi.yaml', import.meta.url));
