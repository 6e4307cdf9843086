// The decision records say where they stand. Every record has a Status and a Date, a record that amends another is
// named in that other one ("amended by"), and the index lists every record. Item 5: the README stays a map that reads
// in two minutes.
import { describe, expect, it } from "vitest";

const records = import.meta.glob<string>(["/docs/decisions/[0-9][0-9][0-9]-*.md", "!/docs/decisions/000-*.md"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const index =
  import.meta.glob<string>("/docs/decisions/README.md", { query: "?raw", import: "default", eager: true })[
    "/docs/decisions/README.md"
  ] ?? "";

const readme =
  import.meta.glob<string>("/README.md", { query: "?raw", import: "default", eager: true })["/README.md"] ?? "";

const byNumber = new Map(
  Object.entries(records).map(([path, text]) => [
    path.split("/").pop()!.slice(0, 3),
    { file: path.split("/").pop()!, text },
  ]),
);
/** The lines before the record's first section: its title, Status and Date. */
const head = (text: string) => text.split("\n## ")[0]!;
const statusLine = (text: string) =>
  head(text)
    .split("\n")
    .find((line) => line.startsWith("- Status: ")) ?? "";

describe("the decision records", () => {
  it("there are records to check", () => {
    expect(byNumber.size).toBeGreaterThan(40);
  });

  it("each has a Status and a Date (YYYY-MM-DD) under its title, and its title names its number", () => {
    const missing = [...byNumber].filter(([number, { text }]) => {
      const lines = head(text).split("\n");
      return (
        !lines[0]!.startsWith(`# ${number}: `) ||
        !/^- Status: (accepted|proposed|superseded by \d{3})/.test(statusLine(text)) ||
        !lines.some((line) => /^- Date: \d{4}-\d{2}-\d{2}$/.test(line))
      );
    });
    expect(missing.map(([, { file }]) => file)).toEqual([]);
  });

  it("a record that amends another is named in that other one's Status as amending it", () => {
    const unnoted: string[] = [];
    for (const [number, { text }] of byNumber) {
      const status = statusLine(text);
      const amended = [...status.matchAll(/(?:amends|extends) ([^;]*)/g)].flatMap(
        (m) => m[1]!.match(/\b\d{3}\b/g) ?? [],
      );
      for (const target of amended) {
        const other = byNumber.get(target);
        if (other && target !== number && !new RegExp(`amended by[^;]*\\b${number}\\b`).test(statusLine(other.text)))
          unnoted.push(`${target} ← ${number}`);
      }
    }
    expect(unnoted).toEqual([]);
  });

  it(
    "the index says where each record stands: its status begins as the record's Status does, and its date is the " +
      "record's",
    () => {
      const rows = [...index.matchAll(/^\| \[(\d{3})\]\([^)]+\) \| .+ \| ([^|]+) \| (\d{4}-\d{2}-\d{2}) \|$/gm)];
      expect(rows.length).toBe(byNumber.size);
      const stand = (status: string) =>
        status.replace(/^- Status: /, "").match(/^(accepted|proposed|superseded by \d{3})/)?.[1];
      const differ = rows.filter(([, number, status, date]) => {
        const record = byNumber.get(number!)?.text ?? "";
        return stand(status!.trim()) !== stand(statusLine(record)) || !head(record).includes(`- Date: ${date}`);
      });
      expect(differ.map(([, number]) => number)).toEqual([]);
    },
  );

  it("the index in docs/decisions/README.md lists every record once", () => {
    const listed = [...index.matchAll(/^\| \[(\d{3})\]\((\d{3}-[^)]+\.md)\)/gm)].map((m) => m[2]);
    expect(listed.sort()).toEqual([...byNumber.values()].map(({ file }) => file).sort());
  });
});

describe("the README is a map", () => {
  it(
    "at most 6,000 characters, no line over 200, the two commands on its first screen, and links into docs/ that " +
      "exist",
    () => {
      expect(readme.length).toBeGreaterThan(1000);
      expect([...readme].length).toBeLessThanOrEqual(6000);
      expect(readme.split("\n").filter((line) => [...line].length > 200)).toEqual([]);
      const firstScreen = readme.split("\n").slice(0, 12).join("\n");
      expect(firstScreen).toContain("npm start");
      expect(firstScreen).toContain("npm test");
      const docs = import.meta.glob("/docs/**/*.md");
      const linked = [...readme.matchAll(/\]\((docs\/[^)#]+)\)/g)].map((m) => `/${m[1]}`);
      expect(linked.length).toBeGreaterThan(3);
      expect(linked.filter((path) => !(path in docs))).toEqual([]);
    },
  );
});
