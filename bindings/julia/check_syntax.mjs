// Parses Julia files with tree-sitter's Julia grammar (the npm packages web-tree-sitter and
// tree-sitter-julia, whose WebAssembly parser needs no Julia) and reports every syntax error.
// Julia itself cannot be installed where garray is built, so this is the check the Julia binding
// gets: its syntax, not its behaviour.
//
// usage: node check_syntax.mjs NODE_MODULES FILE...   (exits 1 on a syntax error)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const [modules, ...files] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(modules), 'index.js'));
const { Parser, Language } = require('web-tree-sitter');
await Parser.init();
const parser = new Parser();
parser.setLanguage(await Language.load(require.resolve('tree-sitter-julia/tree-sitter-julia.wasm')));

let errors = 0;
for (const file of files) {
  const tree = parser.parse(readFileSync(file, 'utf8'));
  const pending = [tree.rootNode];
  while (pending.length) {
    const node = pending.pop();
    if (!node.hasError && !node.isMissing) continue;
    if (node.isError || node.isMissing) {
      const { row, column } = node.startPosition;
      console.log(`${file}:${row + 1}:${column + 1}: ${node.isMissing ? `missing ${node.type}` : 'syntax error'}`);
      errors += 1;
      continue;
    }
    pending.push(...node.children);
  }
  if (!tree.rootNode.hasError) console.log(`${file}: no syntax error`);
}
process.exit(errors ? 1 : 0);
