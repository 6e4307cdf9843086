// What Prettier leaves to us in comments: a comment line past the width is rewrapped (its indentation, its `//` or
// ` * ` marker, lists and code samples kept), a comment behind code that makes its line too long moves above that
// line, and tracker references come out. Comments are found by the TypeScript parser, so no string, template or JSX
// text is ever read as one.
import ts from "typescript";
import { dropRefs, HAS_REF } from "./refs.mjs";

export const WIDTH = 120;
/** False in a data table: its comments lose their references but keep their lines, however wide. */
let wrapWide = true;
export const width = (s) => [...s].length;

/** The file's comments, in order: `{ pos, end, kind, text }`. */
export function findComments(sf) {
  const text = sf.text;
  const seen = new Map();
  // JSX text and template literals: nothing inside them is a comment, and no line may be put into them
  const texts = [];
  const add = (ranges) => {
    for (const r of ranges ?? []) if (!seen.has(r.pos)) seen.set(r.pos, r);
  };
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.JsxText || ts.isTemplateLiteral(node) || ts.isStringLiteral(node)) {
      texts.push([node.getStart(sf), node.end]);
      if (node.kind === ts.SyntaxKind.JsxText) return;
    }
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    for (const c of node.getChildren(sf)) visit(c);
  };
  visit(sf);
  const inText = (pos) => texts.some(([a, b]) => pos > a && pos < b);
  const list = [...seen.values()]
    .filter(
      (r) => !inText(r.pos) && text.startsWith(r.kind === ts.SyntaxKind.SingleLineCommentTrivia ? "//" : "/*", r.pos),
    )
    .sort((a, b) => a.pos - b.pos)
    .map((r) => ({ ...r, text: text.slice(r.pos, r.end) }));
  return { list, inText };
}

const DIRECTIVE = /^\/?\s*(?:@ts-|eslint|prettier-ignore|#region|#endregion|<reference|c8 |istanbul )/;
const LABEL = /^\s*issues? #\d+(?: items? [\d, and–-]+)?(?: \(ADR [^)]*\))?:/i;
const LIST = /^(\s*)(?:[-*•]|\d+[.)]|\(\w\)) /;

/**
 * Content lines (the text after the marker) → new content lines. Paragraphs are reflowed when a line is too wide for
 * `room` or a reference came out of them; blank lines, code samples (indented, or inside ``` fences) and aligned
 * tables stay as they are.
 */
export function reflow(lines, room, notes) {
  const out = [];
  let para = null; // { lead, hang, words: string[], raw: string[] }
  let fence = false;
  const flush = () => {
    if (!para) return;
    const joined = para.raw.map((l) => l.trim()).join(" ");
    const { text, changed, rest } = dropRefs(joined);
    if (rest) notes.refs.push(joined);
    const tooWide = wrapWide && para.raw.some((l) => width(l) > room);
    if (!changed && !tooWide) out.push(...para.raw);
    else if (text.trim() === "") {
      /* the paragraph was only a reference */
    } else out.push(...balanced(text.trim(), para.lead, para.hang, room));
    para = null;
  };
  for (const line of lines) {
    const indent = line.length - line.trimStart().length;
    if (/^\s*```/.test(line)) {
      flush();
      fence = !fence;
      out.push(line);
      continue;
    }
    const verbatim =
      fence ||
      line.trim() === "" ||
      DIRECTIVE.test(line.trim()) ||
      /\S {2,}\S/.test(line.trim()) ||
      /^\s*[|<{]/.test(line);
    if (verbatim) {
      flush();
      const { text, rest } = dropRefs(line);
      if (rest) notes.refs.push(line.trim());
      out.push(line.trim() === "" ? "" : text);
      if (wrapWide && width(line) > room) notes.long.push(line.trim());
      continue;
    }
    const list = LIST.exec(line);
    if (LABEL.test(line)) {
      // "Issue #40: …" opened a paragraph of its own: it still does once the reference is gone
      flush();
      para = { lead: " ".repeat(indent), hang: indent, raw: [line] };
    } else if (list || line.trimStart().startsWith("@")) {
      flush();
      para = { lead: " ".repeat(indent), hang: list ? list[0].length : indent + 2, raw: [line] };
    } else if (para && indent === para.hang && indent > 0) para.raw.push(line);
    else if (indent > 0 && !(para && indent > para.lead.length)) {
      flush();
      const { text, rest } = dropRefs(line);
      if (rest) notes.refs.push(line.trim());
      out.push(text); // an indented line outside a list: a code sample, kept as written
      if (wrapWide && width(line) > room) notes.long.push(line.trim());
    } else if (
      para &&
      indent === para.lead.length &&
      !para.raw[0].trimStart().startsWith("@") &&
      !LIST.test(para.raw[0])
    )
      para.raw.push(line);
    else if (para && (LIST.test(para.raw[0]) || para.raw[0].trimStart().startsWith("@")) && indent > para.lead.length) {
      para.hang = indent;
      para.raw.push(line);
    } else {
      flush();
      para = { lead: " ".repeat(indent), hang: indent, raw: [line] };
    }
  }
  flush();
  return out;
}

/** A second line of a word or two is evened out with the first; otherwise lines fill to the width, as the code's do. */
function balanced(text, lead, hang, room) {
  const lines = fill(text, lead, hang, room);
  if (lines.length !== 2 || width(lines[1].trim()) >= 30) return lines;
  let r = room;
  while (r > room / 2 && fill(text, lead, hang, r - 1).length === 2) r--;
  return fill(text, lead, hang, r);
}

/** Greedy fill: words never split (a URL or a path stays whole, alone on its line if it must). */
function fill(text, lead, hang, room) {
  const words = text.split(/ +/);
  const lines = [];
  let cur = lead;
  let curHasWord = false;
  for (const w of words) {
    if (curHasWord && width(cur) + 1 + width(w) > room) {
      lines.push(cur);
      cur = " ".repeat(hang) + w;
    } else cur = curHasWord ? `${cur} ${w}` : cur + w;
    curHasWord = true;
  }
  lines.push(cur);
  return lines;
}

/** Rewraps, moves and cleans the file's comments; returns the new text and notes of what it could not do. */
export function fixComments(file, text, { exempt = false } = {}) {
  wrapWide = !exempt;
  const notes = { refs: [], long: [] };
  const kind =
    file.endsWith(".tsx") || file.endsWith(".jsx")
      ? ts.ScriptKind.TSX
      : file.endsWith(".ts")
        ? ts.ScriptKind.TS
        : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const { list, inText } = findComments(sf);
  const lineStart = (pos) => text.lastIndexOf("\n", pos - 1) + 1;
  const lineEnd = (pos) => (text.indexOf("\n", pos) === -1 ? text.length : text.indexOf("\n", pos));
  const edits = [];
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    const start = lineStart(c.pos);
    const before = text.slice(start, c.pos);
    const ownLine = before.trim() === "";
    const indent = before.match(/^\s*/)[0];
    if (c.kind === ts.SyntaxKind.SingleLineCommentTrivia && ownLine) {
      // a run of `//` lines at the same indentation, each alone on its line
      const run = [c];
      while (i + 1 < list.length) {
        const n = list[i + 1];
        const nStart = lineStart(n.pos);
        if (n.kind !== c.kind || nStart !== run.at(-1).end + 1 || text.slice(nStart, n.pos) !== before) break;
        run.push(n);
        i++;
      }
      const content = run.map((r) => r.text.replace(/^\/\/ ?/, ""));
      const fits = !wrapWide || content.every((l) => width(before + "// " + l) <= WIDTH);
      if (fits && !content.some((l) => HAS_REF.test(l))) continue;
      if (content.some((l) => l.startsWith("/"))) continue; // triple-slash directives
      const lines = reflow(content, WIDTH - width(before) - 3, notes);
      const body = lines.map((l) => (l === "" ? `${before}//` : `${before}// ${l}`)).join("\n");
      if (lines.length === 0) edits.push([start, Math.min(run.at(-1).end + 1, text.length), ""]);
      else edits.push([start, run.at(-1).end, body]);
    } else if (c.kind === ts.SyntaxKind.SingleLineCommentTrivia) {
      // behind code: cleaned in place, and moved above its line when the line is too wide
      const { text: clean, rest } = dropRefs(c.text.replace(/^\/\/ ?/, ""));
      if (rest) notes.refs.push(c.text);
      const lineText = text.slice(start, lineEnd(c.pos));
      const code = text.slice(start, c.pos).trimEnd();
      if ((!wrapWide || width(lineText) <= WIDTH) && clean === c.text.replace(/^\/\/ ?/, "")) continue;
      if (!wrapWide || width(code + " // " + clean) <= WIDTH || inText(start) || clean.trim() === "") {
        edits.push([code.length + start, c.end, clean.trim() === "" ? "" : ` // ${clean}`]);
        if (wrapWide && width(code + " // " + clean) > WIDTH) notes.long.push(lineText.trim());
      } else {
        const lines = reflow([clean], WIDTH - width(indent) - 3, notes);
        const above = lines.map((l) => `${indent}// ${l}`).join("\n");
        edits.push([start, c.end, `${above}\n${code}`]);
      }
    } else {
      edits.push(...blockEdit(c, start, before, ownLine, notes));
    }
  }
  return { text: applyEdits(text, edits, notes), notes };
}

/** A block comment: its ` * ` lines reflowed; a one-line one too wide opens onto lines of its own. */
function blockEdit(c, start, before, ownLine, notes) {
  const lines = c.text.split("\n");
  const indent = before.match(/^\s*/)[0];
  const hasRef = HAS_REF.test(c.text);
  const tooWide = wrapWide && (width(before) + width(lines[0]) > WIDTH || lines.slice(1).some((l) => width(l) > WIDTH));
  if (!hasRef && !tooWide) return [];
  const open = c.text.startsWith("/**") ? "/**" : "/*";
  if (lines.length === 1) {
    const inner = c.text.slice(open.length, -2).trim();
    if (!tooWide || !ownLine) {
      const { text: clean, rest } = dropRefs(inner);
      if (rest) notes.refs.push(c.text);
      if (tooWide) notes.long.push((before + c.text).trim());
      return [[c.pos, c.end, `${open} ${clean} */`]];
    }
    const body = reflow([inner], WIDTH - width(indent) - 3, notes);
    return [[c.pos, c.end, [open, ...body.map((l) => `${indent} *${l ? " " + l : ""}`), `${indent} */`].join("\n")]];
  }
  // many lines: only the ` * ` form is rewrapped; any other shape is cleaned of references line by line
  const inner = lines.slice(1, -1);
  const starred = inner.every((l) => /^\s*\*( |$)/.test(l)) && /^\s*\*\/$/.test(lines.at(-1));
  const firstText = lines[0].slice(open.length).trim();
  if (!starred) {
    const cleaned = lines.map((l) => {
      const { text, rest } = dropRefs(l);
      if (rest) notes.refs.push(l.trim());
      if (wrapWide && width(l) > WIDTH) notes.long.push(l.trim());
      return text;
    });
    return [[c.pos, c.end, cleaned.join("\n")]];
  }
  const star = inner.length ? inner[0].match(/^\s*\*/)[0] : `${indent} *`;
  const content = [...(firstText ? [firstText] : []), ...inner.map((l) => l.replace(/^\s*\* ?/, ""))];
  const body = reflow(content, WIDTH - width(star) - 1, notes);
  if (body.every((l) => l.trim() === "")) return [[c.pos, c.end, ""]];
  return [
    [c.pos, c.end, [open, ...body.map((l) => (l === "" ? star : `${star} ${l}`)), `${star.slice(0, -1)}*/`].join("\n")],
  ];
}

/** Applies `[start, end, replacement]` edits, last first; one that overlaps another is left out and noted. */
export function applyEdits(text, edits, notes) {
  let out = text;
  let limit = Infinity;
  for (const [a, b, s] of edits.sort((x, y) => y[0] - x[0])) {
    if (b > limit) {
      notes.long.push(`(two edits on one line, one left) ${text.slice(a, b).trim().slice(0, 80)}`);
      continue;
    }
    out = out.slice(0, a) + s + out.slice(b);
    limit = a;
  }
  return out;
}
