// dist/mf-contract.json: what an app offers and needs at the federation boundary, generated from its source at
// build time (never kept by hand). The contract check (tools/contract/check.mjs) compares it with the live apps'
// contracts; the release guard reads the same file. Format (docs/teams.md):
//   { name, version, exposes: { "./Page": { props } },
//     consumes: { mfe_x: { "./Page": { props } } }, shared: { pkg: { version, requiredVersion } } }
// - exposes: each exposed module's default export, a React component; `props` is the type of its first
//   parameter as TypeScript prints it ("{}" for a component without props);
// - consumes (the shell): every remote module the route table names (shell/src/routes/paths.ts,
//   `remoteModules`) with the props the shell renders it with (`<Page />`: "{}");
// - shared: per package, the version the app provides and the range it accepts (tools/build/federation.js).
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');
const { sharedVersions } = require('./federation');

const PRINT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias;

function programFor(dir, files) {
  const configFile = path.join(dir, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  return ts.createProgram({ rootNames: files, options: { ...parsed.options, noEmit: true } });
}

/** The props type of `file`'s default-exported component, as text. */
function propsOf(program, checker, file) {
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`contract: cannot read ${file}`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  const exported = moduleSymbol && checker.getExportsOfModule(moduleSymbol);
  let symbol = exported?.find((s) => s.escapedName === 'default');
  if (!symbol)
    throw new Error(`contract: ${file} has no default export (an exposed page must have one)`);
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const type = checker.getTypeOfSymbolAtLocation(symbol, source);
  const [signature] = type.getCallSignatures();
  if (!signature) {
    const [construct] = type.getConstructSignatures();
    if (!construct) throw new Error(`contract: the default export of ${file} is not a component`);
    const instance = construct.getReturnType();
    const props = instance.getProperty('props');
    return props
      ? checker.typeToString(checker.getTypeOfSymbolAtLocation(props, source), undefined, PRINT)
      : '{}';
  }
  const [param] = signature.getParameters();
  if (!param) return '{}';
  return checker.typeToString(checker.getTypeOfSymbolAtLocation(param, source), undefined, PRINT);
}

/** `remoteModules` of the shell's route table: { mfe_x: ['./Page', …] }. */
function consumedModules(program, checker, file, exportName) {
  const source = program.getSourceFile(file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  const symbol =
    moduleSymbol &&
    checker.getExportsOfModule(moduleSymbol).find((s) => s.escapedName === exportName);
  if (!symbol) throw new Error(`contract: ${file} exports no ${exportName}`);
  const out = {};
  for (const prop of checker.getTypeOfSymbolAtLocation(symbol, source).getProperties()) {
    const t = checker.getTypeOfSymbolAtLocation(prop, source);
    if (!t.isStringLiteral())
      throw new Error(`contract: ${exportName}.${prop.name} is not a string literal`);
    const [remote, ...rest] = t.value.split('/');
    (out[remote] ??= []).push(`./${rest.join('/')}`);
  }
  return out;
}

/**
 * @param {object} o
 * @param {string} o.dir     the app's folder
 * @param {string} o.name    its federation name
 * @param {Record<string,string>} [o.exposes]
 * @param {{ file: string, exportName: string, props: string }} [o.consumes]  the host's route table
 */
function buildContract(o) {
  const pkg = JSON.parse(fs.readFileSync(path.join(o.dir, 'package.json'), 'utf8'));
  const exposes = Object.entries(o.exposes ?? {}).map(([key, rel]) => [
    key,
    path.resolve(o.dir, rel),
  ]);
  const consumesFile = o.consumes && path.resolve(o.dir, o.consumes.file);
  const program = programFor(o.dir, [
    ...exposes.map(([, f]) => f),
    ...(consumesFile ? [consumesFile] : []),
  ]);
  const checker = program.getTypeChecker();
  const contract = {
    name: o.name,
    version: pkg.version,
    exposes: Object.fromEntries(
      exposes.map(([key, file]) => [key, { props: propsOf(program, checker, file) }]),
    ),
    consumes: {},
    shared: sharedVersions(o.dir),
  };
  if (consumesFile) {
    for (const [remote, modules] of Object.entries(
      consumedModules(program, checker, consumesFile, o.consumes.exportName),
    )) {
      contract.consumes[remote] = Object.fromEntries(
        modules.sort().map((m) => [m, { props: o.consumes.props }]),
      );
    }
  }
  return contract;
}

/** Emits dist/mf-contract.json beside mf-manifest.json (production builds). */
class ContractPlugin {
  constructor(o) {
    this.o = o;
  }
  apply(compiler) {
    const { Compilation, sources, WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ContractPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ContractPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          try {
            const contract = buildContract(this.o);
            compilation.emitAsset(
              'mf-contract.json',
              new sources.RawSource(`${JSON.stringify(contract, null, 2)}\n`),
            );
          } catch (e) {
            compilation.errors.push(new WebpackError(e.message));
          }
        },
      );
    });
  }
}

module.exports = { buildContract, ContractPlugin };
