// SQL written in a template literal may run past the width: its lines are broken at a space outside any quoted SQL
// string and any `${…}`, onto a line indented two more. Only whitespace inside the SQL changes, which SQL ignores.
// A template is SQL when it is tagged `sql` (drizzle), or untagged and its text opens with an SQL keyword.
import ts from "typescript";
import { applyEdits, WIDTH, width } from "./comments.mjs";

const KEYWORD = /^\s*\(?\s*(?:select|insert|update|delete|with|create|replace|exists|not exists|case|coalesce)\b/i;

const CLAUSE = /^(?:values|where|from|and|or|set|on|join|left|order|group|limit|having|when|then|else|union)\b/i;

function isSql(node, sf) {
  const p = node.parent;
  if (ts.isTaggedTemplateExpression(p)) return p.tag.getText(sf) === "sql";
  const text = ts.isTemplateExpression(node) ? node.head.text : node.text;
  return KEYWORD.test(text);
}

/** Offsets in the template's literal text (not in `${…}`, not inside '…'), where a line may break. */
function breakable(node, sf) {
  const src = sf.text;
  const parts = [];
  if (ts.isTemplateExpression(node)) {
    parts.push([node.getStart(sf) + 1, node.head.end - 2]);
    for (const s of node.templateSpans)
      parts.push([s.literal.getStart(sf) + 1, s.literal.end - (ts.isTemplateTail(s.literal) ? 1 : 2)]);
  } else parts.push([node.getStart(sf) + 1, node.end - 1]);
  const ok = new Set();
  let quoted = false;
  for (const [a, b] of parts) {
    for (let i = a; i < b; i++) {
      if (src[i] === "'") quoted = !quoted;
      else if (src[i] === " " && !quoted && src[i - 1] !== " " && src[i + 1] !== " " && src[i + 1] !== "\n") ok.add(i);
    }
  }
  return ok;
}

/** Breaks the too-wide lines of the file's SQL templates. */
export function fixSql(file, text, { exempt }) {
  const notes = { refs: [], long: [] };
  if (exempt) return { text, notes };
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const edits = [];
  const visit = (node) => {
    if ((ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isSql(node, sf)) {
      const ok = breakable(node, sf);
      const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(node.end).line;
      for (let line = first; line <= last; line++) {
        const ls = sf.getPositionOfLineAndCharacter(line, 0);
        const le =
          line + 1 < sf.getLineStarts().length ? sf.getPositionOfLineAndCharacter(line + 1, 0) - 1 : text.length;
        if (width(text.slice(ls, le)) <= WIDTH) continue;
        const own = text.slice(ls, le).match(/^\s*/)[0];
        const indent = own + (line === first ? "  " : "");
        // greedy: the last breakable space that keeps the piece within the width, again for the rest
        let from = ls;
        let lead = 0; // the new line's indentation, counted in the width of the rest
        while (lead + width(text.slice(from, le)) > WIDTH) {
          let at = -1;
          for (let i = from + (from === ls ? own.length : 0) + 1; i < le; i++)
            if (ok.has(i) && lead + width(text.slice(from, i)) <= WIDTH) at = i;
          if (at === -1) break;
          // a clause or a list item reads better whole: break before a keyword or after a comma, if one is near
          const near = [...ok].filter((i) => i <= at && i > at - 40 && i > from).sort((x, y) => y - x);
          at = near.find((i) => CLAUSE.test(text.slice(i + 1, i + 12))) ?? near.find((i) => text[i - 1] === ",") ?? at;
          edits.push([at, at + 1, `\n${indent}`]);
          from = at + 1;
          lead = indent.length;
        }
      }
    }
    node.forEachChild(visit);
  };
  visit(sf);
  return { text: applyEdits(text, edits, notes), notes };
}
