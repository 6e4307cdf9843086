// What Prettier can't do with a string: a literal that keeps its line past the width (a long test title, a long
// message in a test) is cut at word boundaries into `"…" + "…"`, which Prettier then lays out. Only real string
// literals found by the TypeScript parser are cut, only where a concatenation means the same (not a module name, a
// type, a key, a JSX attribute, a tagged or multi-line template, or anything `as const`), and never inside an escape
// or a `${…}`. A test's title also loses its tracker references here.
import ts from "typescript";
import { applyEdits, WIDTH, width } from "./comments.mjs";
import { dropRefs, HAS_REF } from "./refs.mjs";

const TEST_CALL =
  /^(?:describe|it|test|suite|bench)(?:\.(?:each|only|skip|todo|concurrent|sequential|skipIf|runIf|for))*$/;
const NO_SPLIT_CALL = /^(?:import|require|vi\.mock|vi\.doMock|vi\.importActual|import\.meta\.glob|t|i18n\.t)$/;

/** The callee's name as written (`it.each`, `vi.mock`), or "" for any other shape. */
const calleeName = (call, sf) => {
  const e = ts.isCallExpression(call.expression) ? call.expression.expression : call.expression;
  return /^[\w.]+$/.test(e.getText(sf)) ? e.getText(sf) : "";
};

function safeToSplit(node, sf) {
  const p = node.parent;
  if (
    ts.isImportDeclaration(p) ||
    ts.isExportDeclaration(p) ||
    ts.isExternalModuleReference(p) ||
    ts.isLiteralTypeNode(p) ||
    (ts.isJsxAttribute(p) && /\\|&[#\w]+;/.test(node.getText(sf))) ||
    ts.isEnumMember(p) ||
    ts.isExpressionStatement(p) ||
    ts.isElementAccessExpression(p) ||
    ts.isTaggedTemplateExpression(p) ||
    ts.isImportTypeNode(p) ||
    ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p)) && p.name === node)
  )
    return false;
  if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && NO_SPLIT_CALL.test(calleeName(p, sf))) return false;
  if (
    p.kind === ts.SyntaxKind.ImportKeyword ||
    (ts.isCallExpression(p) && p.expression.kind === ts.SyntaxKind.ImportKeyword)
  )
    return false;
  for (let a = p; a && !ts.isStatement(a) && !ts.isSourceFile(a); a = a.parent) {
    if ((ts.isAsExpression(a) || ts.isTypeAssertionExpression(a)) && a.type.getText(sf) === "const") return false;
    if (ts.isSatisfiesExpression(a) || ts.isTypeNode(a)) return false;
  }
  return true;
}

/** Where a literal may be cut: just after a space in its literal text, never after a backslash or inside `${…}`. */
function cutPoints(node, sf) {
  const src = sf.text;
  const start = node.getStart(sf);
  const parts = [];
  if (ts.isTemplateExpression(node)) {
    parts.push([start + 1, node.head.end - 2]);
    for (const s of node.templateSpans)
      parts.push([s.literal.getStart(sf) + 1, s.literal.end - (ts.isTemplateTail(s.literal) ? 1 : 2)]);
  } else parts.push([start + 1, node.end - 1]);
  const cuts = [];
  for (const [a, b] of parts) {
    for (let i = a; i < b - 1; i++) {
      if (src[i] !== " " || src[i + 1] === " ") continue;
      let slashes = 0;
      for (let j = i - 1; j >= a && src[j] === "\\"; j--) slashes++;
      if (slashes % 2 === 0) cuts.push(i + 1);
    }
  }
  return cuts;
}

/** The literal's source cut into pieces of at most `room` columns each (a piece with no space in it may be longer). */
function cut(node, sf, room, whole) {
  const src = sf.text;
  const start = node.getStart(sf);
  const q = src[start];
  const cuts = cutPoints(node, sf);
  const pieces = [];
  let from = start + 1;
  let last = from;
  for (const at of cuts) {
    if (width(src.slice(from, at)) + 2 > room && last > from) {
      pieces.push(src.slice(from, last));
      from = last;
    }
    last = at;
  }
  if (width(src.slice(from, node.end - 1)) + 2 > room && last > from) {
    pieces.push(src.slice(from, last));
    from = last;
  }
  pieces.push(src.slice(from, node.end - 1));
  if (pieces.length < 2) {
    // it fits a line of its own, but Prettier keeps a test's title on the call's line and a JSX attribute on its
    // name's: two halves make it break
    if (cuts.length === 0 || !whole) return null;
    const mid = (start + node.end) / 2;
    const at = cuts.reduce((a, b) => (Math.abs(b - mid) < Math.abs(a - mid) ? b : a));
    pieces.splice(0, 1, src.slice(start + 1, at), src.slice(at, node.end - 1));
  }
  return `(${pieces.map((p) => q + p + q).join(" +\n")})`;
}

/** Cuts the literals that keep a line too wide; in every file, takes tracker references out of test titles. */
export function fixStrings(file, text, { exempt }) {
  const notes = { refs: [], long: [] };
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lines = text.split("\n");
  const starts = [];
  for (let i = 0, at = 0; i < lines.length; at += lines[i].length + 1, i++) starts.push(at);
  const lineOf = (pos) => sf.getLineAndCharacterOfPosition(pos).line;
  const edits = [];
  const visit = (node) => {
    const literal =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);
    if (literal) {
      const p = node.parent;
      const isTitle = (ts.isCallExpression(p) && p.arguments[0] === node && TEST_CALL.test(calleeName(p, sf))) || false;
      let src = node.getText(sf);
      if (HAS_REF.test(src)) {
        const { text: clean, rest } = dropRefs(src.slice(1, -1));
        if (isTitle && !ts.isTemplateExpression(node)) {
          if (rest) notes.refs.push(src);
          src = src[0] + clean + src.at(-1);
          edits.push([node.getStart(sf), node.end, src]);
        } else notes.refs.push(`(a string, not a test title: left) ${src.slice(0, 100)}`);
      }
      const line = lineOf(node.getStart(sf));
      const wide =
        !exempt &&
        !src.includes("\n") &&
        width(lines[line]) - width(node.getText(sf)) + width(src) > WIDTH &&
        width(src) >= 30;
      if (wide && safeToSplit(node, sf)) {
        const indent = lines[line].match(/^\s*/)[0].length;
        const room = WIDTH - indent - 8;
        const tmp = ts.createSourceFile("x.ts", `(${src})`, ts.ScriptTarget.Latest, true);
        const lit = tmp.statements[0].expression.expression;
        const split = cut(lit, tmp, room, isTitle || ts.isJsxAttribute(p));
        if (split && ts.isJsxAttribute(p)) edits.push([node.getStart(sf), node.end, `{${split.slice(1, -1)}}`]);
        else if (split) {
          const last = edits.at(-1);
          if (last && last[0] === node.getStart(sf)) edits.pop();
          edits.push([node.getStart(sf), node.end, split]);
        }
      }
      if (!ts.isTemplateExpression(node)) return;
    }
    node.forEachChild(visit);
  };
  visit(sf);
  return { text: applyEdits(text, edits, notes), notes };
}
