// Tests only: lets Node require the server's TypeScript as it is (typescript's transpileModule, no type check), for a
// server started as a process of its own by another package's tests:
//   node --conditions=referio-source --require shell/server/src/test/register-ts.js shell/server/src/serve.ts …
// (the condition takes @referio/release from its source too). Production runs the compiled server (server/dist).
const fs = require('node:fs');
const ts = require('typescript');

const compilerOptions = {
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2022,
  esModuleInterop: true,
  resolveJsonModule: true,
};

require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const { outputText } = ts.transpileModule(source, { fileName: filename, compilerOptions });
  module._compile(outputText, filename);
};
