// Regenerates client/src/app-router.ts: the AppRouter type of the service, spelt out
// in plain TypeScript from the catalog's zod schemas, so that the client package needs
// neither zod, nor Node's types, nor any of the server's source; client/src/algorithms.ts,
// the signing algorithms as values, from the service's one table of them; and
// client/src/token-shapes.ts, the grammars of the token and credential formats.
// Run: npm run generate:client-types (test/unit/client-types.test.ts,
// test/unit/client-algorithms.test.ts and test/unit/client-token-shapes.test.ts check all are current).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { format } from 'prettier';
import { z } from 'zod';
import { OPERATIONS, OPERATION_BY_PROCEDURE } from '../src/adapters/driving/contract/catalog.js';
import * as schemas from '../src/adapters/driving/contract/schemas.js';
import { PUBLIC_KEY_ALGORITHMS, SIGNING_ALGORITHMS } from '../src/core/shared/algorithms.js';
import {
  CREDENTIAL_FORMATS,
  KEY_DERIVATIONS,
  TOKEN_DIGESTS,
  VERIFY_FORMATS,
  VERIFY_OPTION_NAMES,
  VERIFY_OPTIONS,
} from '../src/core/tokens/vocabulary.js';

const root = new URL('..', import.meta.url);
const probe = fileURLToPath(new URL('scripts/.client-types-probe.ts', root));

/** The exported schemas of schemas.ts that carry an id: the shared ones, by export name, each named in the client by its id. */
const SHARED: ReadonlyArray<readonly [exportName: string, id: string]> = Object.entries(schemas)
  .flatMap(([exportName, schema]) => {
    const id = schema instanceof z.ZodType ? z.globalRegistry.get(schema)?.id : undefined;
    return id === undefined ? [] : [[exportName, id] as const];
  })
  .sort(([, a], [, b]) => a.localeCompare(b));

/** The printed type of every operation's input and output, and of every shared schema. */
function printTypes(): { operations: Map<string, { input: string; output: string }>; shared: Map<string, string> } {
  const aliases = OPERATIONS.flatMap(([procedure]) => {
    const [group, name] = procedure.split('.');
    const path = `C['${group}']['${name}']`;
    const id = procedure.replace('.', '_');
    return [`export type In_${id} = z.input<${path}['input']>;`, `export type Out_${id} = z.output<${path}['output']>;`];
  });
  const shared = SHARED.map(([exportName, id]) => `export type Shared_${id} = z.output<typeof S.${exportName}>;`);
  writeFileSync(
    probe,
    `import type { z } from 'zod';\nimport type { catalog } from '../src/adapters/driving/contract/catalog.js';\nimport type * as S from '../src/adapters/driving/contract/schemas.js';\ntype C = typeof catalog;\n${[...aliases, ...shared].join('\n')}\n`,
  );
  try {
    const config = ts.getParsedCommandLineOfConfigFile(
      fileURLToPath(new URL('tsconfig.json', root)),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
        },
      },
    );
    if (!config) throw new Error('tsconfig.json could not be read');
    const program = ts.createProgram([probe], config.options);
    const checker = program.getTypeChecker();
    const source = program.getSourceFile(probe);
    if (!source) throw new Error('probe not compiled');
    const printed = new Map<string, string>();
    ts.forEachChild(source, (node) => {
      if (!ts.isTypeAliasDeclaration(node)) return;
      const type = checker.getTypeAtLocation(node.name);
      // One line each, so that a shared schema's text is the same wherever it stands; prettier lays it out.
      const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias;
      printed.set(node.name.text, checker.typeToString(type, node, flags));
    });
    return {
      operations: new Map(
        OPERATIONS.map(([procedure]) => {
          const id = procedure.replace('.', '_');
          return [procedure, { input: printed.get(`In_${id}`) ?? 'never', output: printed.get(`Out_${id}`) ?? 'never' }];
        }),
      ),
      shared: new Map(SHARED.map(([, id]) => [id, printed.get(`Shared_${id}`) ?? 'never'])),
    };
  } finally {
    rmSync(probe, { force: true });
  }
}

/**
 * Names each shared schema once: wherever its printed type stands, in an
 * operation's type or in another shared one's, its id stands instead. The
 * longest go first, so a schema inside another is named inside it too.
 */
function nameShared(types: ReturnType<typeof printTypes>): {
  operations: Map<string, { input: string; output: string }>;
  shared: [string, string][];
} {
  const longestFirst = [...types.shared].sort(([, a], [, b]) => b.length - a.length);
  const named = (text: string, except?: string): string =>
    longestFirst.reduce((result, [id, shared]) => (id === except ? result : result.replaceAll(shared, id)), text);
  return {
    operations: new Map(
      [...types.operations].map(([procedure, { input, output }]) => [procedure, { input: named(input), output: named(output) }]),
    ),
    shared: [...types.shared].map(([id, text]) => [id, named(text, id)]),
  };
}

export async function clientTypesSource(): Promise<string> {
  const types = nameShared(printTypes());
  const groups = new Map<string, string[]>();
  for (const [procedure, { input, output }] of types.operations) {
    const [group = '', name = ''] = procedure.split('.');
    const kind = OPERATION_BY_PROCEDURE.get(procedure)?.mutation === true ? 'Mutation' : 'Query';
    groups.set(group, [...(groups.get(group) ?? []), `${name}: ${kind}<${input}, ${output}>;`]);
  }
  const record = [...groups].map(([group, procedures]) => `${group}: {\n${procedures.join('\n')}\n};`).join('\n');
  const text = `// Generated by scripts/generate-client-types.ts from the service's operation catalog. Do not edit:
// run \`npm run generate:client-types\` in the service repository instead.
import type { TRPCBuiltRouter, TRPCMutationProcedure, TRPCQueryProcedure, TRPC_ERROR_CODE_KEY, TRPC_ERROR_CODE_NUMBER } from '@trpc/server';

/** The body of every tRPC error this service answers. */
export interface ErrorShape {
  message: string;
  code: TRPC_ERROR_CODE_NUMBER;
  data: { code: TRPC_ERROR_CODE_KEY; httpStatus: number; path: string | undefined };
}

type Query<Input, Output> = TRPCQueryProcedure<{ meta: object; input: Input; output: Output }>;
type Mutation<Input, Output> = TRPCMutationProcedure<{ meta: object; input: Input; output: Output }>;

${types.shared.map(([id, text]) => `export type ${id} = ${text};`).join('\n\n')}

/** Every procedure of the service, with the exact input and output of each. */
export type AppRouter = TRPCBuiltRouter<
  { ctx: object; meta: object; errorShape: ErrorShape; transformer: false },
  {
${record}
  }
>;
`;
  return formatted(text);
}

const formatted = (text: string): Promise<string> =>
  format(text, { ...(JSON.parse(readFileSync(new URL('.prettierrc.json', root), 'utf8')) as object), parser: 'typescript' });

/** The client's algorithm lists, as values a page can show: the service's own, from src/core/shared/algorithms.ts. */
export function clientAlgorithmsSource(): Promise<string> {
  const list = (algorithms: readonly string[]) => `[${algorithms.map((alg) => `'${alg}'`).join(', ')}] as const`;
  return formatted(`// Generated by scripts/generate-client-types.ts from the service's table of algorithms. Do not edit:
// run \`npm run generate:client-types\` in the service repository instead.

/** The algorithms jwt.sign makes, in the order the service lists them. */
export const SIGNING_ALGORITHMS = ${list(SIGNING_ALGORITHMS)};

/** The algorithms of a key pair that jwt.sign makes for one call (\`generate: true\`); also those a public key verifies. */
export const PUBLIC_KEY_ALGORITHMS = ${list(PUBLIC_KEY_ALGORITHMS)};
`);
}

/**
 * The grammars of contract §12's token and credential formats, as the page needs them to flag a pasted credential before
 * any answer, and the names its verify panel offers: src/core/shared/token-shapes.ts as it is (it imports nothing),
 * and the credential formats, verify formats, the options each takes, key derivations and digests of the token
 * context's vocabulary.
 */
export function clientTokenShapesSource(): Promise<string> {
  const list = (names: readonly string[]) => `[${names.map((name) => `'${name}'`).join(', ')}] as const`;
  const grammar = readFileSync(new URL('src/core/shared/token-shapes.ts', root), 'utf8');
  return formatted(`// Generated by scripts/generate-client-types.ts from src/core/shared/token-shapes.ts and the token context's
// vocabulary. Do not edit: run \`npm run generate:client-types\` in the service repository instead.

${grammar}
/** The credential formats (contract §12, orders 1–8): masked in every answer, and no key proves anything about them. */
export const CREDENTIAL_FORMATS = ${list(CREDENTIAL_FORMATS)};

/** The formats token.verify checks, its key derivations and its digests, as the service lists them. */
export const VERIFY_FORMATS = ${list(VERIFY_FORMATS)};
export const KEY_DERIVATIONS = ${list(KEY_DERIVATIONS)};
export const TOKEN_DIGESTS = ${list(TOKEN_DIGESTS)};

/** Which options each format token.verify checks takes besides its key; the service refuses any other. */
export const VERIFY_OPTIONS: Readonly<
  Record<(typeof VERIFY_FORMATS)[number], readonly (${VERIFY_OPTION_NAMES.map((name) => `'${name}'`).join(' | ')})[]>
> = {
${VERIFY_FORMATS.map((format) => `  ${format}: [${VERIFY_OPTIONS[format].map((name) => `'${name}'`).join(', ')}],`).join('\n')}
};
`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(new URL('client/src/app-router.ts', root), await clientTypesSource());
  writeFileSync(new URL('client/src/algorithms.ts', root), await clientAlgorithmsSource());
  writeFileSync(new URL('client/src/token-shapes.ts', root), await clientTokenShapesSource());
}
