import type { z } from "zod";
import { HubError } from "./hub-error.js";

/** zod's first issue as a 400 that names the field. */
export function invalidBody(error: z.ZodError): HubError {
  const issue = error.issues[0];
  const field = issue ? issue.path.join(".") || "body" : "body";
  return new HubError("INVALID_BODY", `${field}: ${issue?.message ?? "invalid"}`, { details: { field } });
}

/** Parses untrusted input or throws INVALID_BODY naming the field. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidBody(parsed.error);
  return parsed.data;
}
