// Compiles the server (src/server + src/shared + the server's message catalogues) into dist/ and copies the SQL migrations beside it.
// Each file is transpiled on its own (TypeScript's transpileModule, with tsconfig.server.json's
// options): the code is written with isolatedModules and verbatimModuleSyntax, so the output is what
// a full `tsc` emit gives, without type-checking everything a second time — `npm run typecheck` (a
// test of `npm test`, and CI) is where types are checked (decision 29).
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const configFile = path.join(root, 'tsconfig.server.json');

const read = ts.readConfigFile(configFile, ts.sys.readFile);
if (read.error) fail([read.error]);
const config = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, configFile);
if (config.errors.length) fail(config.errors);
// package.json says "type": "module", so NodeNext emits these files as ES modules; transpiling one
// file alone cannot see package.json, so it is told.
const options = { ...config.options, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };
const rootDir = options.rootDir ?? root;
const outDir = options.outDir ?? path.join(root, 'dist');

rmSync(path.join(outDir, 'server'), { recursive: true, force: true });
rmSync(path.join(outDir, 'shared'), { recursive: true, force: true });
rmSync(path.join(outDir, 'locales'), { recursive: true, force: true });

const problems = [];
for (const fileName of config.fileNames) {
  const source = readFileSync(fileName, 'utf8');
  const result = ts.transpileModule(source, { compilerOptions: options, fileName, reportDiagnostics: true });
  problems.push(...(result.diagnostics ?? []));
  const target = path.join(outDir, path.relative(rootDir, fileName)).replace(/\.ts$/, '.js');
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, result.outputText);
  if (result.sourceMapText) writeFileSync(`${target}.map`, result.sourceMapText);
}
if (problems.length) fail(problems);

cpSync(path.join(root, 'src/server/db/migrations'), path.join(outDir, 'server/db/migrations'), { recursive: true });

function fail(diagnostics) {
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
  process.stderr.write(ts.formatDiagnostics(diagnostics, host));
  process.exit(1);
}
