/**
 * One copy of the short strings thousands of phones report alike (model, maker, portal version,
 * capability names): protobuf decodes a fresh string for each Hello, and a full hub keeps every one
 * for as long as the phone stays. Bounded, so a fleet of made-up values cannot grow it for ever:
 * past the limit, strings are kept as they came.
 */
const MAX_ENTRIES = 4096;
const MAX_LENGTH = 128;
const table = new Map<string, string>();

export function interned(value: string): string {
  if (value.length > MAX_LENGTH) return value;
  const known = table.get(value);
  if (known !== undefined) return known;
  if (table.size < MAX_ENTRIES) table.set(value, value);
  return value;
}
