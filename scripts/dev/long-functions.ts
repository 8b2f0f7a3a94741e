/**
 * Files over 400 lines and functions over 60 lines in the hub's hand-written TypeScript (generated
 * protocol code is not counted). Reads the source with the TypeScript compiler, so a function is what
 * the compiler calls one: declarations, methods, constructors, accessors, arrows and function
 * expressions, each counted from its first line to its last.
 *
 *   node --import tsx scripts/dev/long-functions.ts [ROOT=hub] [--exclude PREFIX]...
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 60;

interface Finding {
  file: string;
  name: string;
  line: number;
  lines: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** A readable name: `Class.method`, `function`, or the variable an arrow is assigned to. */
function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  let own = named.name ? named.name.getText(source) : "";
  if (ts.isConstructorDeclaration(node)) own = "constructor";
  if (!own && ts.isVariableDeclaration(node.parent)) own = node.parent.name.getText(source);
  if (!own && ts.isPropertyAssignment(node.parent)) own = node.parent.name.getText(source);
  if (!own) own = "(anonymous)";
  for (let up = node.parent; up; up = up.parent) {
    if ((ts.isClassDeclaration(up) || ts.isClassExpression(up)) && up.name) return `${up.name.text}.${own}`;
  }
  return own;
}

function longFunctions(file: string): Finding[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: Finding[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX_FUNCTION_LINES) found.push({ file, name: nameOf(node, source), line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function main(argv: string[]): void {
  const excludes: string[] = [];
  const roots: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--exclude") excludes.push(argv[++i] ?? "");
    else roots.push(argv[i]!);
  }
  const files = (roots.length > 0 ? roots : ["hub"])
    .flatMap(sourceFiles)
    .filter((f) => !excludes.some((prefix) => prefix && f.startsWith(prefix)))
    .sort();
  const big = files
    .map((file) => ({ file, lines: readFileSync(file, "utf8").split("\n").length - 1 }))
    .filter((f) => f.lines > MAX_FILE_LINES)
    .sort((a, b) => b.lines - a.lines);
  const long = files.flatMap(longFunctions).sort((a, b) => b.lines - a.lines);
  console.log(`files over ${MAX_FILE_LINES} lines: ${big.length}`);
  for (const f of big) console.log(`  ${String(f.lines).padStart(5)}  ${f.file}`);
  console.log(`functions over ${MAX_FUNCTION_LINES} lines: ${long.length}`);
  for (const f of long) console.log(`  ${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`);
}

main(process.argv.slice(2));
