/**
 * Dead-code check for `npm test` (knip's parser cannot be installed from this registry, see
 * docs/dependencies.md): every value exported from src/, contract/, formats/ and server/ must be used by some other
 * file that ships or runs the product. Uses from tests do not count: code kept alive only by its own
 * test is dead. One allowance: a value its own module uses may be exported for its unit test (the
 * code runs in production; only the export is for the test). Production users: src/, contract/, formats/, server/ (with server/cli), scripts/,
 * bench/ and the e2e servers (e2e/*.ts that are not specs). Test users: *.test.ts(x), *.spec.ts,
 * *.test-support.ts(x) and server/test/ (the API suite's harness). Exports of test-only files must be
 * used by some other file, test or not.
 * Uses the TypeScript checker, so dynamic `import('…').then((m) => m.X)` counts as a use.
 *
 * `--types` also reports the program's type errors as `tsc -p tsconfig.json --noEmit` does, and fails
 * on them: `npm test` type-checks here instead of building the same program twice in two processes
 * (~40 s of CPU each on the 2-core CI machine, issue 36).
 */
import ts from 'typescript'

const config = ts.getParsedCommandLineOfConfigFile(
  'tsconfig.json',
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
)
if (!config) throw new Error('tsconfig.json not readable')
const program = ts.createProgram({
  rootNames: config.fileNames,
  options: config.options,
  projectReferences: config.projectReferences,
  configFileParsingDiagnostics: config.errors,
})
const checker = program.getTypeChecker()

if (process.argv.includes('--types')) {
  const diagnostics = [...program.getConfigFileParsingDiagnostics(), ...ts.getPreEmitDiagnostics(program)]
  if (diagnostics.length) {
    const host: ts.FormatDiagnosticsHost = {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => process.cwd(),
      getNewLine: () => '\n',
    }
    console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host))
    console.error(`Found ${diagnostics.length} type error${diagnostics.length === 1 ? '' : 's'}.`)
    process.exit(1)
  }
  console.log('types: no errors')
}
const rel = (fileName: string) => fileName.replace(`${process.cwd()}/`, '')

const isTestFile = (f: string) => /\.(test|spec)\.tsx?$|\.test-support\.tsx?$|^server\/test\//.test(rel(f))
const checked = (f: ts.SourceFile) => /^(src|contract|formats|server)\//.test(rel(f.fileName)) && !f.isDeclarationFile
/** Modules a tool loads by path (vitest.config.ts `globalSetup`): their default export is the entry. */
const ENTRY = /^server\/test\/global-setup-[a-z]+\.ts$/
/** Stand-ins vitest loads in place of a build-time module (vitest.config.ts `resolve.alias`): every export is used. */
const ALIASED = /^src\/features\/field\/pwa-register\.test-support\.ts$/

const usedFrom = new Map<ts.Symbol, Set<string>>()
const resolve = (s: ts.Symbol) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s)
const use = (sym: ts.Symbol, fileName: string) => {
  const target = resolve(sym)
  const files = usedFrom.get(target) ?? new Set<string>()
  usedFrom.set(target, files)
  files.add(fileName)
}
for (const file of program.getSourceFiles()) {
  if (file.isDeclarationFile || file.fileName.includes('node_modules')) continue
  const visit = (node: ts.Node) => {
    // `const { X } = await import('…')`: the property X of the module is used.
    if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      const name = (node.propertyName ?? node.name).getText(file)
      const prop = checker.getTypeAtLocation(node.parent).getProperty(name)
      if (prop) use(prop, file.fileName)
    }
    // A declaration's own name (the function, the const, an import or `export { X }`) is not a use.
    if (ts.isIdentifier(node)) {
      const sym = checker.getSymbolAtLocation(node)
      if (sym && !sym.declarations?.includes(node.parent as ts.Declaration)) use(sym, file.fileName)
      // `{ X }` in an object literal uses the value X, not only the property it declares.
      if (ts.isShorthandPropertyAssignment(node.parent)) {
        const value = checker.getShorthandAssignmentValueSymbol(node.parent)
        if (value) use(value, file.fileName)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
}

const dead: string[] = []
for (const file of program.getSourceFiles()) {
  if (!checked(file)) continue
  const moduleSymbol = checker.getSymbolAtLocation(file)
  if (!moduleSymbol) continue
  const testOnly = isTestFile(file.fileName)
  for (const exp of checker.getExportsOfModule(moduleSymbol)) {
    const target = resolve(exp)
    // Types and interfaces cost nothing at run time and document a module's surface: values only.
    if (!(target.flags & ts.SymbolFlags.Value)) continue
    if (exp.name === 'default' && ENTRY.test(rel(file.fileName))) continue
    if (ALIASED.test(rel(file.fileName))) continue
    const users = usedFrom.get(target) ?? new Set<string>()
    const others = [...users].filter((f) => f !== file.fileName)
    if (others.some((f) => testOnly || !isTestFile(f))) continue
    // Exported for its unit test: the module itself uses it, a test reaches it directly.
    if (users.has(file.fileName) && others.length > 0) continue
    dead.push(`${rel(file.fileName)}: ${exp.name}`)
  }
}
if (dead.length) {
  console.error(
    `Exports no production file uses (remove them with their tests, or drop the export):\n  ${dead.join('\n  ')}`,
  )
  process.exit(1)
}
console.log('dead exports: none')
