// A TypeScript program over one in-memory file beside the tests, compiled with packages/sdk's
// tsconfig: the type tests that need the compiler's own view (diagnostics, printed types) share it.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const TSCONFIG = join(dirname(fileURLToPath(import.meta.url)), '../../tsconfig.json');

/** The program and its one source file `file` (a path that does not exist) holding `source`. */
export function virtualProgram(
  file: string,
  source: string,
  overrides: ts.CompilerOptions = {},
): { program: ts.Program; sourceFile: ts.SourceFile; host: ts.CompilerHost } {
  const config = ts.getParsedCommandLineOfConfigFile(
    TSCONFIG,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('packages/sdk/tsconfig.json could not be read');
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) =>
    name === file ? ts.createSourceFile(name, source, version) : getSourceFile(name, version);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram([file], { ...config.options, ...overrides }, host);
  return { program, sourceFile: program.getSourceFile(file) as ts.SourceFile, host };
}
