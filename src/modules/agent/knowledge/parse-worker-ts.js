// The parse worker's entry when the service runs from its TypeScript sources (under ts-jest):
// worker threads get no jest transform, so this compiles the worker's .ts modules with the
// TypeScript compiler (a dev dependency) as they are required, then drops the compiler again.
// The built service runs parse-worker.js from dist and never loads this file.
const { readFileSync } = require('node:fs');
const ts = require('typescript');

const compile = (module, filename) => {
  const source = readFileSync(filename, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    fileName: filename,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, sourceMap: false, inlineSourceMap: true },
  });
  module._compile(outputText, filename);
};
require.extensions['.ts'] = compile;
try {
  module.exports = require('./parse-worker.ts');
} finally {
  delete require.extensions['.ts'];
  delete require.cache[require.resolve('typescript')];
}
