// npm run bench:search — provider search at bench scale, measured inside workerd against real D1.
//   npm run seed:bench -- --providers 100000   (once: builds .bench-state/, index included)
//   npm run bench:search [-- --runs 30 --state .bench-state --only near]   (--state: a database seeded with the
//   same flag; --only: the queries whose label contains this text)
// Starts the built Worker with `wrangler dev --persist-to .bench-state`, posts 20 representative queries
// to the bench-only route (/api/_bench/search, refused when APP_ENV is "production"), and prints per
// query: p50/p99 of the search verb's time (I/O to D1 included), D1 rows_read, and the same query as a
// LIKE '%word%' scan over the same table in the same run, with the ratio. Not part of npm test.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { importTs, ROOT } from "../scripts/lib.mjs";
import { flag, pct, startBenchApp } from "./lib.mjs";

const BAGHDAD = { lat: "33.3152", lng: "44.3661" };
const ERBIL = { lat: "36.1912", lng: "44.0092" };
/**
 * [label, kind, params]. "Selective" is decided by the result, not the label: a text query with fewer
 * matches than the search's candidate window (CANDIDATE_LIMIT); those count toward the ≥ 50× target.
 */
const QUERIES = [
  ["en: orthodontist basra", "selective", { search: "orthodontist basra" }],
  ["en: name 'jubouri electrician'", "selective", { search: "jubouri electrician" }],
  ["en: prefix 'orthodon'", "selective", { search: "orthodon" }],
  ["en: english teacher erbil", "selective", { search: "english teacher erbil" }],
  ["ar: كهربائي", "broad", { search: "كهربائي" }],
  ["ar: الكهربائي (article)", "broad", { search: "الكهربائي" }],
  ["ar: كَهْرَبَائِيّ (harakat)", "broad", { search: "كَهْرَبَائِيّ" }],
  ["ar: مدرس لغه انجليزيه في دهوك (no hamza, ه for ة)", "selective", { search: "مدرس لغه انجليزيه في دهوك" }],
  ["ar: أخصائي تقويم الأسنان في الموصل", "selective", { search: "أخصائي تقويم الأسنان في الموصل" }],
  ["ar: اخصائي تقويم الاسنان في الموصل (no hamza)", "selective", { search: "اخصائي تقويم الاسنان في الموصل" }],
  ["ar: سباك في حلبجة", "selective", { search: "سباك في حلبجة" }],
  ["ku: کارەباچی", "broad", { search: "کارەباچی" }],
  ["ku: مامۆستای فیزیا لە هەولێر", "selective", { search: "مامۆستای فیزیا لە هەولێر" }],
  ["ku: شۆفێری تەکسی لە زاخۆ", "selective", { search: "شۆفێری تەکسی لە زاخۆ" }],
  ["filter: category=electricians & city=erbil", "filter", { category: "electricians", city: "erbil" }],
  [
    "text+filters: orthodontist, dentists, basra",
    "filter",
    { search: "orthodontist", category: "dentists", city: "basra" },
  ],
  ["near: Baghdad, no text", "near", { ...BAGHDAD }],
  ["near+text: plumber near Erbil", "broad", { search: "plumber", ...ERBIL }],
  ["name: kareem (Latin)", "selective", { search: "kareem" }],
  ["name: كريم (Arabic, finds Kareem)", "selective", { search: "كريم" }],
  ["name: کەریم electrician (Sorani + service)", "selective", { search: "کەریم electrician" }],
  ["name: shirzad (not as written)", "selective", { search: "shirzad" }],
  ["common word: repair", "common", { search: "repair" }],
  // the reader (ADR 040): a trade read through dialect, prefixes and Latin Kurdish; a city with none of it
  ["reader: kareba hawler (Latin Kurdish)", "broad", { search: "kareba hawler" }],
  ["reader: سباك ببغداد («ب»)", "broad", { search: "سباك ببغداد" }],
  ["reader: مكيفي ما يبرد (words dropped)", "broad", { search: "مكيفي ما يبرد" }],
  ["reader: سەلاجە لە هەڵەبجە (fridge)", "broad", { search: "سەلاجە لە هەڵەبجە" }],
  ["reader: qwzxv (not understood)", "selective", { search: "qwzxv" }],
  ["common word: baghdad", "common", { search: "baghdad" }],
];

/** The frozen holdouts the bench route judges beside the older three (tests/search/<name>HoldoutQueries.ts). */
const LATER_HOLDOUTS = [
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
  "eleventh",
  "twelfth",
  "thirteenth",
  "fourteenth",
];

const ms = (x) => (Number.isFinite(x) ? x.toFixed(2) : "-");

/**
 * Runs the queries against the bench database in `state` (seeded with `npm run seed:bench`) and prints the
 * per-query table; returns the summary the one-table `npm run bench` shows.
 */
export async function searchBench({
  state = join(ROOT, ".bench-state"),
  runs = 30,
  scanRuns = 3,
  quiet = false,
  only = "",
} = {}) {
  const queries = QUERIES.filter(([label]) => label.includes(only));
  if (queries.length === 0) throw new Error(`no query label contains "${only}"`);
  const app = await startBenchApp({ state });
  try {
    const log = quiet ? () => {} : console.log;
    log(`› ${queries.length} queries × ${runs} runs (after 2 warm-ups), LIKE scan × ${scanRuns}`);
    const res = await fetch(`${app.base}/api/_bench/search`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.base },
      body: JSON.stringify({ queries: queries.map(([label, , params]) => ({ label, params })), runs, scanRuns }),
    });
    if (!res.ok) throw new Error(`bench route: ${res.status} ${await res.text()}`);
    const { providers, baseline, results } = await res.json();
    log(`› ${providers} providers in the bench database`);
    log("  workerd's clock ticks in whole milliseconds: 'sql mean' (sum over runs / runs) resolves below 1 ms\n");
    log(
      `D1 round trip for SELECT 1 from the Worker: p50 ${ms(pct(baseline, 50))} ms (local workerd; included in ` +
        `"worker ms")\n`,
    );

    const rows = [];
    const all = [];
    const allSql = [];
    const ratios = [];
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    for (const [i, r] of results.entries()) {
      all.push(...r.times);
      allSql.push(...r.sqlTimes);
      const p50 = mean(r.sqlTimes);
      const scanP50 = mean(r.scanSqlTimes);
      const ratio = scanP50 / Math.max(p50, 0.01);
      const selective = Boolean(queries[i][2].search) && !r.capped;
      if (selective) ratios.push(ratio);
      rows.push({
        query: r.label,
        kind: selective ? "selective" : queries[i][1],
        matches: r.capped ? `${r.total}+` : String(r.total),
        "sql mean": ms(p50),
        "sql p50": ms(pct(r.sqlTimes, 50)),
        "sql p99": ms(pct(r.sqlTimes, 99)),
        "worker p50": ms(pct(r.times, 50)),
        "worker p99": ms(pct(r.times, 99)),
        "rows read": r.rowsRead,
        "rows w/o key": r.rowsReadWithoutKeys,
        "matches w/o key": String(r.totalWithoutKeys),
        "LIKE sql mean": ms(scanP50),
        "LIKE worker p50": ms(pct(r.scanTimes, 50)),
        "LIKE rows": r.scanRowsRead,
        "LIKE/index": `${ratio.toFixed(0)}×`,
      });
    }
    // cross-script name precision at bench scale: of the first-page results of the name-query set, how many have a name
    // word that is the query (as typed, or its whole name key)
    const { NAME_QUERIES } = await importTs("tests/search/nameQueries.ts");
    const { nameKeyOf, stripArticle } = await importTs("domain/text/transliterate.ts");
    const { tokenize } = await importTs("domain/text/normalize.ts");
    let right = 0;
    let wrong = 0;
    for (const { q } of NAME_QUERIES) {
      const page = await (
        await fetch(`${app.base}/api/providers?search=${encodeURIComponent(q)}`, { headers: { Origin: app.base } })
      ).json();
      const typed = tokenize(q)[0];
      const word = stripArticle(typed) ?? typed;
      const key = nameKeyOf(word);
      for (const p of page.items ?? []) {
        const words = tokenize(`${p.name} ${p.nameOther ?? ""}`).flatMap((w) => [w, stripArticle(w)].filter(Boolean));
        if (words.some((w) => w.startsWith(word) || (key && nameKeyOf(w) === key))) right++;
        else wrong++;
      }
    }
    const namePrecision = right / Math.max(1, right + wrong);
    // the judged query set (ADR 040) at this scale, through the search box and the bot's reader; the frozen holdouts
    // are sent from here, so the Worker never bundles them: the fourth (50 lines, before the analysis chain, ADR 081),
    // then each later one frozen before the work on the one before it's misses (fifth to eleventh, thirteenth,
    // fourteenth), and the twelfth after the work on the eleventh's, each before any of its lines was run
    // (tests/search/<n>HoldoutQueries.ts)
    const sets = {};
    for (const set of LATER_HOLDOUTS) {
      const mod = await importTs(`tests/search/${set}HoldoutQueries.ts`);
      sets[set] = mod[`${set.toUpperCase()}_HOLDOUT_QUERIES`];
    }
    const judgedRes = await fetch(`${app.base}/api/_bench/judged`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.base },
      body: JSON.stringify({
        sets,
      }),
    });
    if (!judgedRes.ok) throw new Error(`judged route: ${judgedRes.status} ${await judgedRes.text()}`);
    const judged = await judgedRes.json();
    const { judgedLine } = await importTs("tests/search/judge.ts");
    const load = (await import("node:os"))
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ");
    const summary = {
      load,
      namePrecision,
      providers,
      sqlP50: pct(allSql, 50),
      sqlP99: pct(allSql, 99),
      workerP50: pct(all, 50),
      workerP99: pct(all, 99),
      maxRowsRead: Math.max(...results.map((r) => r.rowsRead)),
      judgedPrecision: judged.box.meanPrecision,
      judgedDeadEnds: judged.box.deadEnds,
      judgedBotPrecision: judged.bot.meanPrecision,
      judgedRecall: judged.box.recall,
      holdoutPrecision: judged.holdoutBox.meanPrecision,
      holdoutRecall: judged.holdoutBox.recall,
      holdoutDeadEnds: judged.holdoutBox.deadEnds,
      freshPrecision: judged.freshBox?.meanPrecision ?? NaN,
      freshRecall: judged.freshBox?.recall ?? NaN,
      freshDeadEnds: judged.freshBox?.deadEnds ?? NaN,
      thirdPrecision: judged.thirdBox?.meanPrecision ?? NaN,
      thirdRecall: judged.thirdBox?.recall ?? NaN,
      thirdDeadEnds: judged.thirdBox?.deadEnds ?? NaN,
      ...Object.fromEntries(
        LATER_HOLDOUTS.flatMap((set) => [
          [`${set}Precision`, judged.extra?.[set]?.box.meanPrecision ?? NaN],
          [`${set}BotPrecision`, judged.extra?.[set]?.bot.meanPrecision ?? NaN],
          [`${set}DeadEnds`, judged.extra?.[set]?.box.deadEnds ?? NaN],
          [`${set}BotDeadEnds`, judged.extra?.[set]?.bot.deadEnds ?? NaN],
        ]),
      ),
      judgedMaxRowsRead: Math.max(...judged.runs.map((r) => r.rowsRead)),
      judgedSqlP50: pct(
        judged.runs.map((r) => r.sqlMs),
        50,
      ),
      judgedSqlP99: pct(
        judged.runs.map((r) => r.sqlMs),
        99,
      ),
      maxRowsWithoutKeys: Math.max(...results.map((r) => r.rowsReadWithoutKeys)),
      scanRatioMedian: pct(ratios, 50),
      scanRatioMin: Math.min(...ratios),
    };
    if (!quiet) {
      console.log(`load average: ${load}`);
      console.table(rows);
      console.log(
        `all ${all.length} searches: SQL time (D1 meta.duration) p50 ${ms(summary.sqlP50)} ms, ` +
          `p99 ${ms(summary.sqlP99)} ms`,
      );
      console.log(
        `                    time in the Worker (incl. D1 round trips) p50 ${ms(summary.workerP50)} ms, ` +
          `p99 ${ms(summary.workerP99)} ms`,
      );
      console.log(
        `rows read per search: max ${summary.maxRowsRead} with transliteration keys, ` +
          `max ${summary.maxRowsWithoutKeys} without (same queries, keys not queried)`,
      );
      console.log(
        `selective queries: LIKE scan / index (mean SQL time), median ${summary.scanRatioMedian.toFixed(0)}×, ` +
          `min ${summary.scanRatioMin.toFixed(0)}×`,
      );
      console.log(
        `name queries (${NAME_QUERIES.length}, tests/search/nameQueries.ts): ${right} of ${right + wrong} ` +
          `first-page results are the name asked for (precision ${(100 * namePrecision).toFixed(1)} %)`,
      );
      console.log(judgedLine("search box", judged.box));
      console.log(judgedLine("bot", judged.bot));
      console.log(judgedLine("search box", judged.holdoutBox, "holdout"));
      console.log(judgedLine("bot", judged.holdoutBot, "holdout"));
      if (judged.freshBox) {
        // the second holdout (tests/search/freshHoldoutQueries.ts), written before its session saw any result
        console.log(judgedLine("search box", judged.freshBox, "fresh holdout"));
        console.log(judgedLine("bot", judged.freshBot, "fresh holdout"));
        if (judged.freshBox.misses.length)
          console.log(`  fresh holdout below a perfect top five:\n  ${judged.freshBox.misses.join("\n  ")}`);
      }
      if (judged.thirdBox) {
        // the third holdout (tests/search/thirdHoldoutQueries.ts), written before any of it was run
        console.log(judgedLine("search box", judged.thirdBox, "third holdout"));
        console.log(judgedLine("bot", judged.thirdBot, "third holdout"));
        if (judged.thirdBox.misses.length)
          console.log(`  third holdout below a perfect top five:\n  ${judged.thirdBox.misses.join("\n  ")}`);
      }
      // the frozen holdouts written since the analysis chain (tests/search/<n>HoldoutQueries.ts): the fourth before
      // the chain (ADR 081), each later one before the work on the one before it's misses
      for (const set of LATER_HOLDOUTS) {
        const f = judged.extra?.[set];
        if (!f) continue;
        console.log(judgedLine("search box", f.box, `${set} holdout`));
        console.log(judgedLine("bot", f.bot, `${set} holdout`));
        if (f.box.misses.length)
          console.log(`  ${set} holdout below a perfect top five (search box):\n  ${f.box.misses.join("\n  ")}`);
        if (f.bot.misses.length)
          console.log(`  ${set} holdout below a perfect top five (bot):\n  ${f.bot.misses.join("\n  ")}`);
      }
      const side = (f) => (f ? `${f.meanPrecision.toFixed(3)} / ${f.recall.toFixed(3)} / ${f.deadEnds}` : "n/a");
      console.log(
        `holdouts side by side (search box, precision@5 / recall / dead ends): ` +
          `first ${side(judged.holdoutBox)}; fresh ${side(judged.freshBox)}; third ${side(judged.thirdBox)}; ` +
          LATER_HOLDOUTS.map((set) => `${set} ${side(judged.extra?.[set]?.box)}`).join("; "),
      );
      const widest = [...judged.runs]
        .sort((a, b) => b.rowsRead - a.rowsRead)
        .slice(0, 3)
        .map((r) => `«${r.q}» ${r.rowsRead}`)
        .join(", ");
      console.log(
        `judged queries, one run each: SQL p50 ${ms(summary.judgedSqlP50)} ms, p99 ${ms(summary.judgedSqlP99)} ` +
          `ms; rows read max ${summary.judgedMaxRowsRead} (${widest})`,
      );
      if (judged.box.misses.length)
        console.log(`  below a perfect top five:\n  ${judged.box.misses.slice(0, 25).join("\n  ")}`);
      console.log(
        "targets: p50 ≤ 5 ms at 100k (≤ 2 ms at 1M), ≤ 2,000 rows read per search, ≥ 50× the scan on selective " +
          "queries, common word < 10 ms; judged precision@5 ≥ 0.9, 0 dead ends",
      );
    }
    return summary;
  } finally {
    await app.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await searchBench({
    state: join(ROOT, flag("state", ".bench-state")),
    runs: Number(flag("runs", "30")),
    scanRuns: Number(flag("scan-runs", "3")),
    only: flag("only", ""),
  });
}
