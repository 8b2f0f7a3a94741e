/**
 * o200k_base token counts from a rank table file, made by `npm run build` from gpt-tokenizer's own
 * ranks (writeRankTable). The package builds a 200k-entry Map from a 2.4 MB JavaScript array at every
 * start, a third of a second; this file is read in a few milliseconds and looked up in place (an
 * open-addressing hash table over the tokens' bytes). Counting is tiktoken's byte-pair merge, so the
 * counts are the package's: tests/unit/util/o200k-table.test.ts compares the two on real text.
 *
 * Layout (little-endian u32 words, then bytes): magic, entries n, slots s (a power of two),
 * slots[s] (entry index + 1, 0 = empty), offsets[n + 1] (into the bytes), ranks[n], then the bytes.
 */
import { readFileSync, writeFileSync } from "node:fs";

const MAGIC = 0x4b303032; // "200K"
const NONE = 0xffffffff;

/** FNV-1a over bytes[start, end). */
function hash(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ (bytes[i] ?? 0), 0x01000193);
  return h >>> 0;
}

/** Writes the table for `ranks` (index = rank; a token is a string or its bytes; holes are unused ranks). */
export function writeRankTable(file: string, ranks: readonly (string | readonly number[] | undefined)[]): void {
  const encoder = new TextEncoder();
  const tokens: { bytes: Uint8Array; rank: number }[] = [];
  ranks.forEach((token, rank) => {
    if (token !== undefined)
      tokens.push({ bytes: typeof token === "string" ? encoder.encode(token) : Uint8Array.from(token), rank });
  });
  let slots = 1;
  while (slots < tokens.length * 2) slots *= 2;
  const byteLength = tokens.reduce((sum, t) => sum + t.bytes.length, 0);
  const words = 3 + slots + tokens.length + 1 + tokens.length;
  const out = new Uint8Array(words * 4 + byteLength);
  const head = new Uint32Array(out.buffer, 0, words);
  head[0] = MAGIC;
  head[1] = tokens.length;
  head[2] = slots;
  const table = head.subarray(3, 3 + slots);
  const offsets = head.subarray(3 + slots, 4 + slots + tokens.length);
  const rankOf = head.subarray(4 + slots + tokens.length);
  let offset = 0;
  tokens.forEach((token, index) => {
    offsets[index] = offset;
    rankOf[index] = token.rank;
    out.set(token.bytes, words * 4 + offset);
    offset += token.bytes.length;
    let slot = hash(token.bytes, 0, token.bytes.length) & (slots - 1);
    while (table[slot] !== 0) slot = (slot + 1) & (slots - 1);
    table[slot] = index + 1;
  });
  offsets[tokens.length] = offset;
  writeFileSync(file, out);
}

/** Ranks looked up in the file's bytes, without building anything. */
export class RankTable {
  private readonly table: Uint32Array;
  private readonly offsets: Uint32Array;
  private readonly ranks: Uint32Array;
  private readonly bytes: Uint8Array;
  private readonly mask: number;

  constructor(file: string) {
    const data = readFileSync(file);
    // A Uint32Array view needs an offset that is a multiple of 4; a file this size has its own buffer.
    const buffer = data.byteOffset % 4 === 0 ? data : Uint8Array.from(data);
    const head = new Uint32Array(buffer.buffer, buffer.byteOffset, 3);
    if (head[0] !== MAGIC) throw new Error(`${file} is not an o200k rank table`);
    const n = head[1] ?? 0;
    const slots = head[2] ?? 0;
    const words = 3 + slots + n + 1 + n;
    this.table = new Uint32Array(buffer.buffer, buffer.byteOffset + 12, slots);
    this.offsets = new Uint32Array(buffer.buffer, buffer.byteOffset + (3 + slots) * 4, n + 1);
    this.ranks = new Uint32Array(buffer.buffer, buffer.byteOffset + (4 + slots + n) * 4, n);
    this.bytes = buffer.subarray(words * 4);
    this.mask = slots - 1;
  }

  /** The rank of bytes[start, end), or NONE. */
  rank(bytes: Uint8Array, start: number, end: number): number {
    const length = end - start;
    for (let slot = hash(bytes, start, end) & this.mask; ; slot = (slot + 1) & this.mask) {
      const entry = this.table[slot] ?? 0;
      if (entry === 0) return NONE;
      const from = this.offsets[entry - 1] ?? 0;
      if ((this.offsets[entry] ?? 0) - from !== length) continue;
      let same = true;
      for (let i = 0; i < length && same; i++) same = this.bytes[from + i] === bytes[start + i];
      if (same) return this.ranks[entry - 1] ?? NONE;
    }
  }

  /** Tokens of one pre-split piece: tiktoken's byte-pair merge, lowest rank first, leftmost on ties. */
  pieceTokens(piece: Uint8Array): number {
    const n = piece.length;
    if (n <= 1 || this.rank(piece, 0, n) !== NONE) return n === 0 ? 0 : 1;
    // parts[i] starts at starts[i]; pairRank[i] is the rank of parts i and i+1 merged.
    const starts: number[] = [];
    const pairRank: number[] = [];
    for (let i = 0; i < n - 1; i++) {
      starts.push(i);
      pairRank.push(this.rank(piece, i, i + 2));
    }
    starts.push(n - 1, n);
    pairRank.push(NONE, NONE);
    const rankAt = (i: number) => (i + 3 < starts.length ? this.rank(piece, starts[i] ?? 0, starts[i + 3] ?? 0) : NONE);
    for (;;) {
      let best = NONE;
      let at = -1;
      for (let i = 0; i < pairRank.length - 1; i++) {
        const rank = pairRank[i] ?? NONE;
        if (rank < best) {
          best = rank;
          at = i;
        }
      }
      if (at < 0) break;
      if (at > 0) pairRank[at - 1] = rankAt(at - 1);
      pairRank[at] = rankAt(at);
      starts.splice(at + 1, 1);
      pairRank.splice(at + 1, 1);
    }
    return starts.length - 1;
  }
}

/** Counts o200k_base tokens of `text` with `table`, special-token strings read as plain text. */
export function countWithTable(table: RankTable, split: RegExp, text: string): number {
  const encoder = new TextEncoder();
  let count = 0;
  for (const [piece] of text.matchAll(split)) count += table.pieceTokens(encoder.encode(piece));
  return count;
}
