/** Plain-text tables for the CLI's listings. */

/** Pads columns to their widest cell; the last column is left ragged. */
export function table(rows: readonly string[][]): string {
  const widths: number[] = [];
  for (const row of rows) {
    for (const [i, cell] of row.entries()) widths[i] = Math.max(widths[i] ?? 0, cell.length);
  }
  return rows
    .map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join("  "))
    .join("\n");
}
