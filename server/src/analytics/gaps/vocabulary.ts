import { fnv1a } from '../../common/text';
import { forEachWord, stemOf } from './terms';

export interface Counted {
  /** The field's distinct stems (as vocabulary ids), and how often each occurs. */
  ids: Int32Array;
  counts: Int32Array;
  length: number;
}

/**
 * Stems numbered as they are first met, so counting touches arrays rather than maps of strings. A
 * site repeats its words: each word is stemmed once, and a word seen before is found by its letters
 * in the text, in a table of its own, without making a string of it.
 */
export class Vocabulary {
  readonly ids = new Map<string, number>();
  private readonly words = new WordTable();
  private tally: number[] = [];

  get size(): number {
    return this.ids.size;
  }

  /** The stems of a text, counted. */
  count(text: string): Counted {
    const distinct: number[] = [];
    let length = 0;
    forEachWord(text, (source, start, end) => {
      let id = this.words.find(source, start, end);
      if (id === undefined) this.words.add(source, start, end, (id = this.idOf(source.slice(start, end))));
      if (id < 0) return;
      length++;
      if (this.tally[id]++ === 0) distinct.push(id);
    });
    const ids = new Int32Array(distinct.length);
    const counts = new Int32Array(distinct.length);
    for (let k = 0; k < distinct.length; k++) {
      ids[k] = distinct[k];
      counts[k] = this.tally[distinct[k]];
      this.tally[distinct[k]] = 0;
    }
    return { ids, counts, length };
  }

  /** A word's stem id, or -1 for a word with no content. */
  private idOf(word: string): number {
    const stem = stemOf(word);
    if (!stem) return -1;
    let id = this.ids.get(stem);
    if (id === undefined) {
      this.ids.set(stem, (id = this.ids.size));
      this.tally.push(0);
    }
    return id;
  }
}

/** An open-addressing hash table from words, given as stretches of strings, to numbers. */
class WordTable {
  private slots = new Int32Array(1 << 12).fill(-1);
  private hashes = new Int32Array(1 << 12);
  private readonly words: string[] = [];
  private readonly values: number[] = [];

  find(source: string, start: number, end: number): number | undefined {
    const hash = fnv1a(source, start, end);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot];
      if (entry < 0) return undefined;
      if (this.hashes[slot] !== hash) continue;
      const word = this.words[entry];
      if (word.length === end - start && source.startsWith(word, start)) return this.values[entry];
    }
  }

  add(source: string, start: number, end: number, value: number): void {
    this.words.push(source.slice(start, end));
    this.values.push(value);
    this.place(this.words.length - 1, fnv1a(source, start, end));
    // Kept at most half full, so a search ends soon.
    if (this.words.length * 2 > this.slots.length) this.grow();
  }

  private place(entry: number, hash: number): void {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    while (this.slots[slot] >= 0) slot = (slot + 1) & mask;
    this.slots[slot] = entry;
    this.hashes[slot] = hash;
  }

  private grow(): void {
    const [slots, hashes] = [this.slots, this.hashes];
    this.slots = new Int32Array(slots.length * 2).fill(-1);
    this.hashes = new Int32Array(slots.length * 2);
    for (let slot = 0; slot < slots.length; slot++) if (slots[slot] >= 0) this.place(slots[slot], hashes[slot]);
  }
}
