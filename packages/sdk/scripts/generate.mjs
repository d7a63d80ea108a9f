// Generates src/generated/schema.ts from the root openapi.yaml.
// `--check` regenerates in memory and fails when the committed file differs (drift check in CI).
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? resolve(process.argv[i + 1]) : fallback;
};
const specPath = arg('--spec', resolve(here, '../../../openapi.yaml'));
const outPath = arg('--out', resolve(here, '../src/generated/schema.ts'));

const HEADER = `/**
 * DO NOT EDIT. Generated from openapi.yaml by packages/sdk/scripts/generate.mjs (openapi-typescript).
 * Change openapi.yaml and run \`pnpm generate\`; CI fails when this file drifts from the spec.
 */

`;

/**
 * Every schema of `components.schemas` as a named, exported type alias, referenced by that name
 * everywhere (`components["schemas"]["X"]` stays valid and means the same type). openapi-typescript
 * writes each schema inline in `components` and refers to it as `components["schemas"]["X"]`, which
 * is what editors then show on hover; a type alias that declares the type itself is shown by its
 * name. A schema named like a global that the module must not shadow (`Error`) gets the suffix `Body`.
 */
const SHADOWED = new Set(['Error', 'Event', 'Request', 'Response', 'Headers', 'URL', 'Date', 'Record']);

/**
 * Schemas openapi.yaml renamed so that other client generators read it well (`Error` shadowed the
 * built-in class; `{operationId}Response` collided with the names generators make for an operation's
 * response). The SDK keeps the former names: each is a `components["schemas"]` key and (but for a
 * global's name) an exported alias of the new one, so code written against them keeps compiling.
 */
const FORMER_NAMES = {
  Error: 'ErrorBody',
  CreateReservationResponse: 'CreatedReservationResponse',
  UpdateReservationStatusResponse: 'ReservationStatusChangeResponse',
  CancelReservationResponse: 'CancelledReservationResponse',
};

function hoistSchemas(nodes) {
  const f = ts.factory;
  const components = nodes.find((n) => ts.isInterfaceDeclaration(n) && n.name.text === 'components');
  const schemas = components?.members.find((m) => m.name?.text === 'schemas');
  if (!schemas || !ts.isTypeLiteralNode(schemas.type)) throw new Error('generate: no components.schemas');
  const nameOf = new Map(
    schemas.type.members.map(({ name: { text } }) => [text, SHADOWED.has(text) ? `${text}Body` : text]),
  );

  // components["schemas"]["X"] → X
  const rename = (context) => {
    const visit = (node) => {
      if (
        ts.isIndexedAccessTypeNode(node) &&
        ts.isIndexedAccessTypeNode(node.objectType) &&
        ts.isTypeReferenceNode(node.objectType.objectType) &&
        node.objectType.objectType.typeName.text === 'components' &&
        ts.isLiteralTypeNode(node.objectType.indexType) &&
        node.objectType.indexType.literal.text === 'schemas' &&
        ts.isLiteralTypeNode(node.indexType)
      ) {
        const name = nameOf.get(node.indexType.literal.text);
        if (name) return f.createTypeReferenceNode(name);
      }
      return ts.visitEachChild(node, visit, context);
    };
    return (root) => ts.visitNode(root, visit);
  };
  const renamed = ts.transform(nodes, [rename]).transformed;

  const hoisted = [];
  const members = schemas.type.members.map((member) => {
    const name = nameOf.get(member.name.text);
    const [type] = ts.transform(member.type, [rename]).transformed;
    const alias = f.createTypeAliasDeclaration(
      [f.createModifier(ts.SyntaxKind.ExportKeyword)],
      name,
      undefined,
      type,
    );
    // openapi-typescript puts each schema's JSDoc on its member; the alias carries it now.
    ts.setSyntheticLeadingComments(alias, ts.getSyntheticLeadingComments(member));
    hoisted.push(alias);
    return f.updatePropertySignature(
      member,
      member.modifiers,
      member.name,
      member.questionToken,
      f.createTypeReferenceNode(name),
    );
  });
  for (const [former, current] of Object.entries(FORMER_NAMES)) {
    if (!nameOf.has(current)) throw new Error(`generate: openapi.yaml has no schema ${current}`);
    if (nameOf.has(former)) continue;
    members.push(
      f.createPropertySignature(undefined, former, undefined, f.createTypeReferenceNode(nameOf.get(current))),
    );
    // A global's name stays a `components["schemas"]` key only (see SHADOWED).
    if (SHADOWED.has(former)) continue;
    const alias = f.createTypeAliasDeclaration(
      [f.createModifier(ts.SyntaxKind.ExportKeyword)],
      former,
      undefined,
      f.createTypeReferenceNode(nameOf.get(current)),
    );
    ts.addSyntheticLeadingComment(
      alias,
      ts.SyntaxKind.MultiLineCommentTrivia,
      `* The former name of \`${current}\` in openapi.yaml. `,
      true,
    );
    hoisted.push(alias);
  }
  return renamed.flatMap((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== 'components') return [node];
    const updated = f.updateInterfaceDeclaration(
      node,
      node.modifiers,
      node.name,
      node.typeParameters,
      node.heritageClauses,
      node.members.map((m) =>
        m.name?.text === 'schemas'
          ? f.updatePropertySignature(
              m,
              m.modifiers,
              m.name,
              m.questionToken,
              f.createTypeLiteralNode(members),
            )
          : m,
      ),
    );
    return [updated, ...hoisted];
  });
}

// defaultNonNullable: false keeps properties that merely carry a `default` (e.g. `guests: default 1` in
// CreateReservationRequest) optional, as the spec says; otherwise request inputs would demand them.
const ast = await openapiTS(pathToFileURL(specPath), {
  alphabetize: false,
  exportType: false,
  defaultNonNullable: false,
});
const generated = HEADER + astToString(hoistSchemas(ast));

if (process.argv.includes('--check')) {
  const committed = await readFile(outPath, 'utf8').catch(() => '');
  if (committed !== generated) {
    console.error(
      'packages/sdk/src/generated/schema.ts is out of date with openapi.yaml (or was edited by hand).\nRun `pnpm generate` and commit the result.',
    );
    process.exit(1);
  }
  console.log('generated types are up to date with openapi.yaml');
} else {
  await writeFile(outPath, generated);
  console.log(`wrote ${outPath}`);
}
