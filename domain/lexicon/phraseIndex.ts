/**
 * The lexicon's one phrase index (ADR 057): every spelling of every entry of every shelf (trades, problems, the
 * translation dictionary, commands, day words, filler), keyed by its normalised tokens, compiled once per isolate. Each
 * shelf registers its data here when its module loads (so this file imports no data, and no import goes round in a
 * circle); each reader looks through a view, which picks the shelves it reads and what a hit means to it (the search a
 * trade, the bot `{ service }`), with the same longest-phrase scan (domain/text/phrases.ts).
 *
 * A view answers a key with the first entry of its shelves in the order it names them (within a shelf, the order the
 * data lists them); a key held by two entries of different meaning in one view is a collision, which lexicon.test.ts
 * fails unless the spelling is marked ambiguous. A `quiet` shelf (filler) answers only a key no other shelf holds.
 */
import type { Lang } from "../text/lang";
import { phraseKey, type PhraseHit, type PhraseLookup } from "../text/phrases";
import type { CommandValue, DictionaryEntry, ServiceTerm, WhenWord } from "./shelfTypes";

/** What each shelf's entries hold. */
export interface Shelves {
  /** a trade's spelling, or what people say instead of it (`says`: the message describes the job) */
  trade: { term: ServiceTerm; says: boolean };
  /** a word of a described problem, pointing to a trade */
  problem: ServiceTerm;
  /** a display name translation writes: a specialty, a place, an event word */
  dictionary: DictionaryEntry;
  /** a command to the bot, or a language named */
  command: CommandValue;
  /** a day or a time of day */
  day: WhenWord;
  /** a word that carries nothing */
  filler: true;
}
export type Shelf = keyof Shelves;

interface Entry {
  shelf: Shelf;
  value: unknown;
  lang: Lang;
}

/**
 * Shelves two readers read together, where one spelling in both is a clash: the bot reads trades, commands and day
 * words at once; the search a problem word beside the trades and the filler.
 */
export const CLASHING_SHELVES: readonly (readonly [Shelf, Shelf])[] = [
  ["command", "trade"],
  ["day", "trade"],
  ["day", "command"],
  ["problem", "trade"],
  ["problem", "filler"],
];

/** What an entry means, to compare two of one shelf (a command or a day word is a fresh object per line of data). */
const meaning = (shelf: Shelf, value: unknown): unknown =>
  shelf === "trade"
    ? (value as Shelves["trade"]).term
    : shelf === "command" || shelf === "day"
      ? JSON.stringify(value)
      : value;

export class Lexicon {
  private readonly keys = new Map<string, Entry[]>();
  private readonly shelves = new Set<Shelf>();
  private version = 0;

  /** A shelf's data, in its order. Each shelf registers once (a second registration would be a second list). */
  register<S extends Shelf>(shelf: S, forms: Iterable<readonly [form: string, value: Shelves[S], lang: Lang]>): void {
    if (this.shelves.has(shelf)) throw new Error(`lexicon: shelf "${shelf}" registered twice`);
    this.shelves.add(shelf);
    for (const [form, value, lang] of forms) {
      const key = phraseKey(form);
      if (!key) continue;
      const list = this.keys.get(key);
      if (list) list.push({ shelf, value, lang });
      else this.keys.set(key, [{ shelf, value, lang }]);
    }
    this.version++;
  }

  /** Every key with the shelves that hold it (for lexicon.test.ts). */
  *entries(): Generator<[key: string, shelves: { shelf: Shelf; value: unknown }[]]> {
    for (const [key, list] of this.keys) yield [key, list.map((e) => ({ shelf: e.shelf, value: e.value }))];
  }

  get size(): number {
    return this.keys.size;
  }

  /**
   * Every spelling that belongs to two entries: two meanings on one shelf, or two shelves a reader reads together
   * (CLASHING_SHELVES), as "key (what clashes)". lexicon.test.ts fails on any not marked ambiguous.
   */
  clashes(): string[] {
    const out: string[] = [];
    for (const [key, list] of this.keys) {
      const shelves = new Set(list.map((e) => e.shelf));
      for (const shelf of shelves) {
        const meanings = new Set(list.filter((e) => e.shelf === shelf).map((e) => meaning(shelf, e.value)));
        if (meanings.size > 1) out.push(`${key} (two ${shelf} entries)`);
      }
      for (const [a, b] of CLASHING_SHELVES) if (shelves.has(a) && shelves.has(b)) out.push(`${key} (${a} and ${b})`);
    }
    return out;
  }

  /** A reader's view (see the module comment). `pick` turns an entry into what the reader's hit holds. */
  view<V>(
    shelves: readonly Shelf[],
    pick: (shelf: Shelf, value: never) => V,
    opts: { quiet?: readonly Shelf[] } = {},
  ): PhraseView<V> {
    return new PhraseView<V>(
      this,
      shelves,
      pick as (shelf: Shelf, value: unknown) => V,
      opts.quiet ?? [],
      () => this.keys,
      () => this.version,
    );
  }
}

/** A reader's view of the one index: what `findPhrases` scans, compiled on first use. */
export class PhraseView<V> implements PhraseLookup<V> {
  private compiled: {
    map: Map<string, PhraseHit<V>>;
    vocab: Set<string>;
    maxWords: number;
    collisions: string[];
    version: number;
  } | null = null;

  constructor(
    readonly lexicon: Lexicon,
    private readonly shelves: readonly Shelf[],
    private readonly pick: (shelf: Shelf, value: unknown) => V,
    private readonly quiet: readonly Shelf[],
    private readonly keys: () => Map<string, Entry[]>,
    private readonly version: () => number,
  ) {}

  private compile() {
    if (this.compiled && this.compiled.version === this.version()) return this.compiled;
    const map = new Map<string, PhraseHit<V>>();
    const vocab = new Set<string>();
    const collisions: string[] = [];
    let maxWords = 1;
    const rank = (s: Shelf) => this.shelves.indexOf(s);
    for (const [key, list] of this.keys()) {
      const mine = list.filter((e) => rank(e.shelf) >= 0).sort((a, b) => rank(a.shelf) - rank(b.shelf));
      if (!mine.length) continue;
      const loud = mine.filter((e) => !this.quiet.includes(e.shelf));
      const used = loud.length ? loud : mine;
      const value = this.pick(used[0]!.shelf, used[0]!.value);
      const langs = new Set<Lang>();
      for (const e of used) {
        const v = e === used[0] ? value : this.pick(e.shelf, e.value);
        if (v === value) langs.add(e.lang);
        else collisions.push(key);
      }
      map.set(key, { value, langs });
      const words = key.split(" ");
      for (const w of words) vocab.add(w);
      if (words.length > maxWords) maxWords = words.length;
    }
    this.compiled = { map, vocab, maxWords, collisions, version: this.version() };
    return this.compiled;
  }

  get(key: string): PhraseHit<V> | undefined {
    return this.compile().map.get(key);
  }
  get vocab(): ReadonlySet<string> {
    return this.compile().vocab;
  }
  get maxWords(): number {
    return this.compile().maxWords;
  }
  /** Keys two entries of different meaning hold in this view (the first one wins). */
  get collisions(): readonly string[] {
    return this.compile().collisions;
  }
  get size(): number {
    return this.compile().map.size;
  }
}

/** The one index, per isolate. */
export const LEXICON = new Lexicon();
