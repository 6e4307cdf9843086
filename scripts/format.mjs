// npm run format: the code's one layout. Prettier writes it (.prettierrc.json: 120 columns), then what Prettier leaves
// is done here — comment lines rewrapped, string literals that keep a line too wide cut at word boundaries, SQL in
// templates broken into lines, tracker references taken out of comments and test titles — and Prettier lays the
// result out again. `--check` (npm test runs it) changes nothing: it lists files Prettier would change, lines over 120
// and "issue #N" references. Data tables (word lists, demo data, judged and holdout query sets, the bot's
// utterances) keep their rows as written: Prettier skips them (.prettierignore) and so does the width check.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { fixComments, WIDTH, width } from "./format/comments.mjs";
import { HAS_REF } from "./format/refs.mjs";
import { fixSql } from "./format/sql.mjs";
import { fixStrings } from "./format/strings.mjs";
import { ROOT } from "./lib.mjs";

const SCOPE = /\.(?:ts|tsx|mjs|js|cjs)$/;
const OUTSIDE = /^(?:build|docs|db\/migrations|test-results|\.wrangler|\.cache|\.bench-[^/]*)\/|(?:^|\/)node_modules\//;

/** Rows of data, one literal after another, a row per line however wide (.prettierignore names them too). */
export const DATA_TABLES = [
  /^domain\/lexicon\/(?!index\.ts$|phraseIndex\.ts$)[^/]+(?<!\.test)\.ts$/, // the words people say, one list per kind
  /^db\/seed\/data\/[^/]+\.ts$/, // the demo listings, people, places
  // the judged and holdout query sets and the bot's utterances, wherever they are kept
  /(?:^|\/)(?:judgedQueries|judgedListings|nameQueries|\w*[hH]oldoutQueries|utterances)\.ts$/,
];
/** This tool's own files: their examples of references are what it looks for, so no pass and no reference check. */
const TOOL = /^scripts\/format\//;
export const isDataTable = (file) => DATA_TABLES.some((re) => re.test(file));

/** The files in scope, relative to the root: tracked and new ones, not ignored by git or lying outside the code. */
export function sourceFiles() {
  const git = spawnSync("git", ["ls-files", "-co", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  if (git.status !== 0) throw new Error(`git ls-files failed: ${git.stderr}`);
  return git.stdout
    .split("\n")
    .filter((f) => SCOPE.test(f) && !OUTSIDE.test(f) && existsSync(join(ROOT, f)))
    .sort();
}

/** Prettier 3 from node_modules/.bin (PRETTIER_BIN names another copy); an older one (Remix's 2.8) is refused. */
function prettierBin() {
  const bin = process.env.PRETTIER_BIN ?? join(ROOT, "node_modules", ".bin", "prettier");
  const v = spawnSync(bin, ["--version"], { encoding: "utf8" });
  if (v.status !== 0 || !/^3\./.test(v.stdout.trim()))
    throw new Error(`prettier 3 not found at ${bin} (found ${v.stdout.trim() || "nothing"}): run npm ci`);
  return bin;
}

/**
 * Runs Prettier on `files` with `flag` (--write or --list-different); returns the files it named. The check keeps a
 * cache of files found formatted (by content, Prettier's version and options): 30 s of a core the first time, 4 s
 * after.
 */
function prettier(flag, files) {
  if (files.length === 0) return [];
  // --list-different names files at the "log" level; --write's own list of files is kept quiet
  const opts =
    flag === "--list-different"
      ? ["--cache", "--cache-location", join(ROOT, ".cache", "prettier-check")]
      : ["--log-level", "warn"];
  const r = spawnSync(prettierBin(), [flag, ...opts, "--no-error-on-unmatched-pattern", ...files], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  if (r.status === 2 || r.error) throw new Error(`prettier ${flag} failed: ${r.stderr || r.error}`);
  if (flag === "--write" && r.status !== 0) throw new Error(`prettier --write failed: ${r.stderr}`);
  return r.stdout.split("\n").filter(Boolean);
}

/** Lines over the width outside data tables, and tracker references, as `file:line  text` rows. */
export function lineProblems(files) {
  const long = [];
  const refs = [];
  for (const f of files) {
    const lines = readFileSync(join(ROOT, f), "utf8").split("\n");
    const table = isDataTable(f);
    lines.forEach((l, i) => {
      if (!table && width(l) > WIDTH) long.push(`${f}:${i + 1} (${width(l)})  ${l.trim().slice(0, 70)}`);
      if (HAS_REF.test(l) && !TOOL.test(f)) refs.push(`${f}:${i + 1}  ${l.trim().slice(0, 90)}`);
    });
  }
  return { long, refs };
}

/** npm test's check: true when the tree is as `npm run format` leaves it; otherwise prints what is not, and why. */
export function checkFormat() {
  const files = sourceFiles();
  const unformatted = prettier("--list-different", files);
  const { long, refs } = lineProblems(files);
  const show = (title, rows) => {
    if (rows.length === 0) return;
    console.error(`✗ ${title} (${rows.length}):`);
    const shown = process.argv.includes("--all") ? rows.length : 12;
    for (const r of rows.slice(0, shown)) console.error(`    ${r}`);
    if (rows.length > shown)
      console.error(`    … and ${rows.length - shown} more (node scripts/format.mjs --check --all)`);
  };
  show("not as Prettier lays it out: run npm run format", unformatted);
  show(`lines over ${WIDTH} characters outside data tables (scripts/format.mjs DATA_TABLES)`, long);
  show('"issue #N" in the code: say the reason, or the ADR', refs);
  return unformatted.length + long.length + refs.length === 0;
}

/** The whole layout: Prettier, our passes over comments and strings, Prettier again; prints what is left by hand. */
function format() {
  const t0 = Date.now();
  const files = sourceFiles();
  console.log(`› prettier --write (${files.length} files)`);
  prettier("--write", files);
  const left = { refs: [], long: [] };
  const pass = (fix, label) => {
    const changed = [];
    const notes = { refs: [], long: [] };
    for (const f of files.filter((x) => !TOOL.test(x))) {
      const path = join(ROOT, f);
      const before = readFileSync(path, "utf8");
      const r = fix(f, before, { exempt: isDataTable(f) });
      for (const k of ["refs", "long"]) notes[k].push(...r.notes[k].map((n) => `${f}: ${n}`));
      if (r.text !== before) {
        writeFileSync(path, r.text);
        changed.push(f);
      }
    }
    console.log(`› ${label}: ${changed.length} files changed`);
    prettier("--write", changed);
    return { changed, notes };
  };
  left.refs = pass(fixComments, "comments rewrapped, references taken out").notes.refs;
  pass(fixSql, "SQL in templates broken into lines");
  // a cut literal moves when Prettier breaks its call apart: a second pass cuts what is still too wide
  for (let round = 1; round <= 3; round++) {
    const { changed, notes } = pass(fixStrings, `long strings cut, round ${round}`);
    if (round === 1) left.refs.push(...notes.refs);
    if (changed.length === 0) break;
  }
  // comments Prettier moved (a trailing comment now after a broken-up line) get a last rewrap
  pass(fixComments, "comments again");
  // Prettier's second look at a file it just wrote can differ (a member chain beside a moved comment): until it agrees
  for (let round = 1; round <= 3; round++) {
    const unsteady = prettier("--list-different", files);
    if (unsteady.length === 0) break;
    console.log(`› prettier again on ${unsteady.length} files it would still change`);
    prettier("--write", unsteady);
  }
  const { long, refs } = lineProblems(files);
  const big = files
    .filter((f) => !/\.test\.tsx?$/.test(f) && !isDataTable(f) && f.match(/^(bot|workers|domain|i18n|db|web|shims)\//))
    .map((f) => [f, readFileSync(join(ROOT, f), "utf8").replace(/\n$/, "").split("\n").length])
    .filter(([, n]) => n > 400);
  console.log(`\nleft by hand: ${long.length} lines over ${WIDTH}, ${refs.length} references`);
  for (const r of [...long, ...refs]) console.log(`    ${r}`);
  if (big.length)
    console.log(
      `files now over 400 lines (workers/importGraph.test.ts): ${big.map(([f, n]) => `${f} ${n}`).join(", ")}`,
    );
  console.log(`done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

if (process.argv[1] && relative(fileURLToPath(import.meta.url), process.argv[1]) === "") {
  try {
    if (process.argv.includes("--check")) process.exit(checkFormat() ? 0 : 1);
    format();
  } catch (e) {
    console.error(`✗ ${e.message}`);
    process.exit(1);
  }
}
