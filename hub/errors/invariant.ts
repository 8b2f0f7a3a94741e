/**
 * For values the caller's own logic guarantees (an index its loop keeps in range, a row it has just
 * written): a broken guarantee is a bug in the hub, reported as a coded INTERNAL error where it
 * happens rather than as a TypeError further on.
 */
import { HubError } from "./hub-error.js";

/** `value`, or an INTERNAL error naming `what` when it is missing. */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new HubError("INTERNAL", `internal error: ${what} is missing`);
  return value;
}

/** `list[index]`, for an index the caller keeps in range. */
export function itemAt<T>(list: ArrayLike<T>, index: number, what = "list item"): T {
  return defined(list[index], `${what} ${index}`);
}
