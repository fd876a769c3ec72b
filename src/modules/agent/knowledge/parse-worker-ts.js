// The parse worker's entry when the service runs from its TypeScript sources (under ts-jest):
// worker threads get no jest transform, so this compiles the worker's .ts modules with the
// TypeScript compiler (a dev dependency) as they are required. Every worker the tests start (one
// per service, and one after each parse a limit ended) would load the compiler again, most of
// a second of CPU, which a parse's deadline counts: the output is kept in a temporary folder by
// the source's hash, and the compiler is loaded only for a source not compiled before.
// The built service runs parse-worker.js from dist and never loads this file.
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const CACHE = join(tmpdir(), 'talent-parse-worker');
/** What the output depends on besides the source: the compiler's version and this file's options below. */
const COMPILER = `typescript ${require('typescript/package.json').version}, CommonJS ES2022 esModuleInterop inlineSourceMap`;
let ts;

function transpile(source, filename) {
  const key = createHash('sha256').update(COMPILER).update(filename).update(source).digest('hex');
  const cached = join(CACHE, `${key}.js`);
  try {
    return readFileSync(cached, 'utf8');
  } catch {
    // not compiled yet
  }
  ts ??= require('typescript');
  const { outputText } = ts.transpileModule(source, {
    fileName: filename,
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
      sourceMap: false,
      inlineSourceMap: true,
    },
  });
  // Written beside, then renamed: a worker reading it concurrently sees all of it or nothing.
  mkdirSync(CACHE, { recursive: true });
  const partial = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(partial, outputText);
  renameSync(partial, cached);
  return outputText;
}

require.extensions['.ts'] = (module, filename) =>
  module._compile(transpile(readFileSync(filename, 'utf8'), filename), filename);
try {
  module.exports = require('./parse-worker.ts');
} finally {
  delete require.extensions['.ts'];
  if (ts) delete require.cache[require.resolve('typescript')];
}
