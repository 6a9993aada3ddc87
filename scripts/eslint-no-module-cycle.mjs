// ESLint rule: no import cycle between the API's modules. A module is a folder of modules/ (bookings,
// payments, ...), or another folder or top file of the API's src (plugins, jobs, payments, app.ts).
// An import of another module is refused when that module, through the modules it imports in turn,
// imports the importing one. Type-only imports (`import type`, `export type`, `import('x').T`)
// are not cycles: they vanish from the built code.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Relative specifiers a file imports for their values, each with whether it is type-only. */
function importsOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found = [];
  const add = (specifier) => {
    if (specifier.startsWith('.')) found.push(specifier);
  };
  const typeOnlyElements = (elements) => elements.length > 0 && elements.every((e) => e.isTypeOnly);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            typeOnlyElements(clause.namedBindings.elements)));
      if (!typeOnly) add(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.exportClause;
      const typeOnly =
        statement.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && typeOnlyElements(clause.elements));
      if (!typeOnly) add(statement.moduleSpecifier.text);
    }
  }
  // import('x') for its value, anywhere in the file.
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) add(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  if (text.includes('import(')) visit(source);
  return found;
}

/** The file a relative specifier names ('./x.js' is ./x.ts in the sources), or null. */
function resolve(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, base, path.join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const isSourceFile = (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts');

function listSources(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listSources(full));
    else if (isSourceFile(full)) files.push(full);
  }
  return files;
}

/** modules/<name> for a file of a module, else the first folder (or file) under the root. */
function moduleOf(root, file) {
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0] : parts[0].replace(/\.tsx?$/, '');
}

/** Each source file's imports, from the files on disk, read again once changed (checked at most once a second). */
const parsed = new Map();
const scans = new Map();
function fileEdges(root) {
  const scan = scans.get(root);
  if (scan && Date.now() - scan.at < 1000) return scan.graph;
  const graph = new Map();
  for (const file of listSources(root)) {
    const mtimeMs = fs.statSync(file).mtimeMs;
    let entry = parsed.get(file);
    if (!entry || entry.mtimeMs !== mtimeMs) {
      const targets = importsOf(file, fs.readFileSync(file, 'utf8'))
        .map((specifier) => resolve(file, specifier))
        .filter((target) => target !== null && target.startsWith(root + path.sep));
      entry = { mtimeMs, targets: [...new Set(targets)].sort() };
      parsed.set(file, entry);
    }
    graph.set(file, entry.targets);
  }
  scans.set(root, { at: Date.now(), graph, modules: null });
  return graph;
}

/** Module -> modules it imports, from `graph` with `file`'s imports replaced by `own` (the file as linted). */
function moduleEdgesOf(root, graph, file, own) {
  const scan = scans.get(root);
  const same = (graph.get(file) ?? []).join('\n') === [...own].join('\n');
  if (same && scan.modules) return scan.modules;
  const edges = new Map();
  const add = (from, targets) => {
    const module = moduleOf(root, from);
    for (const target of targets) {
      const to = moduleOf(root, target);
      if (to === module) continue;
      if (!edges.has(module)) edges.set(module, new Set());
      edges.get(module).add(to);
    }
  };
  for (const [from, targets] of graph) if (from !== file) add(from, targets);
  add(file, own);
  if (same) scan.modules = edges;
  return edges;
}

/** A path of modules from `from` to `to` (inclusive) when `to` can be reached, else null. */
function pathBetween(moduleEdges, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === to) {
      const route = [];
      for (let at = to; at !== null; at = previous.get(at)) route.unshift(at);
      return route;
    }
    for (const next of moduleEdges.get(current) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

export const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import that closes a cycle between modules of a source folder' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false }],
    messages: {
      cycle: 'Import cycle between modules: {{route}}. Hand the other module a port (an interface it declares) instead.',
    },
  },
  create(context) {
    const root = path.resolve(context.cwd ?? process.cwd(), context.options[0].root);
    const file = context.filename;
    if (!file.startsWith(root + path.sep) || !isSourceFile(file)) return {};
    const self = moduleOf(root, file);
    // The file as it is being linted (an editor's buffer may differ from the disk).
    const own = new Map(
      importsOf(file, context.sourceCode.text)
        .map((specifier) => [specifier, resolve(file, specifier)])
        .filter(([, target]) => target !== null && target.startsWith(root + path.sep)),
    );
    const moduleEdges = moduleEdgesOf(root, fileEdges(root), file, [...new Set(own.values())].sort());
    const check = (node) => {
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      const specifier = node.source && node.source.type === 'Literal' ? node.source.value : null;
      if (typeof specifier !== 'string' || !own.has(specifier)) return;
      const to = moduleOf(root, own.get(specifier));
      if (to === self) return;
      const back = pathBetween(moduleEdges, to, self);
      if (back) context.report({ node: node.source, messageId: 'cycle', data: { route: [self, ...back].join(' -> ') } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'no-module-cycle': noModuleCycle } };
