/**
 * Dead-code check for `npm test` (knip's parser cannot be installed from this registry, see
 * README): every export of src/ and contract/ must be used by some other file, production or test.
 * Uses the TypeScript checker, so dynamic `import('…').then((m) => m.X)` counts as a use.
 */
import ts from 'typescript'

const config = ts.getParsedCommandLineOfConfigFile(
  'tsconfig.json',
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
)
if (!config) throw new Error('tsconfig.json not readable')
const program = ts.createProgram(config.fileNames, config.options)
const checker = program.getTypeChecker()
// The Shapefile/GeoJSON readers are being replaced by the loader's shared reader (issue 12).
const OWNED_ELSEWHERE = /src\/import\/(parse-shapefile|parse-geojson|unzip)\.ts$/
const mine = (f: ts.SourceFile) =>
  /\/(src|contract)\//.test(f.fileName) && !f.isDeclarationFile && !OWNED_ELSEWHERE.test(f.fileName)
const usedFrom = new Map<ts.Symbol, Set<string>>()

const resolve = (s: ts.Symbol) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s)
for (const file of program.getSourceFiles()) {
  if (file.isDeclarationFile || file.fileName.includes('node_modules')) continue
  const visit = (node: ts.Node) => {
    // `const { X } = await import('…')`: the property X of the module is used.
    if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      const name = (node.propertyName ?? node.name).getText(file)
      const prop = checker.getTypeAtLocation(node.parent).getProperty(name)
      if (prop) {
        const target = resolve(prop)
        const files = usedFrom.get(target) ?? new Set<string>()
        usedFrom.set(target, files)
        files.add(file.fileName)
      }
    }
    if (ts.isIdentifier(node)) {
      const sym = checker.getSymbolAtLocation(node)
      if (sym) {
        const target = resolve(sym)
        const files = usedFrom.get(target) ?? new Set<string>()
        usedFrom.set(target, files)
        files.add(file.fileName)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
}

const dead: string[] = []
for (const file of program.getSourceFiles()) {
  if (!mine(file)) continue
  const moduleSymbol = checker.getSymbolAtLocation(file)
  if (!moduleSymbol) continue
  for (const exp of checker.getExportsOfModule(moduleSymbol)) {
    const target = resolve(exp)
    // Types and interfaces cost nothing at run time and document a module's surface: values only.
    if (!(target.flags & ts.SymbolFlags.Value)) continue
    const users = [...(usedFrom.get(target) ?? [])].filter((f) => f !== file.fileName)
    if (users.length === 0) dead.push(`${file.fileName.replace(`${process.cwd()}/`, '')}: ${exp.name}`)
  }
}
if (dead.length) {
  console.error(`Exports no other file uses (remove them, or drop the export):\n  ${dead.join('\n  ')}`)
  process.exit(1)
}
console.log('dead exports: none')
