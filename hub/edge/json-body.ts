/**
 * The JSON body parser. fastify's own refuses prototype-poisoning keys too, but answers "Body is not
 * valid JSON" for them; a client deserves to know which key was refused, and where.
 */

import type { FastifyInstance } from "fastify";
import { HubError } from "../errors/hub-error.js";
import { defined } from "../errors/invariant.js";

export function installJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, text, done) => {
    try {
      done(null, parseJsonBody(text as string));
    } catch (error) {
      done(error as HubError, undefined);
    }
  });
}

/**
 * Parses a request body, refusing (as fastify's default does) any `__proto__` key and any
 * `constructor` key that holds a `prototype`: code that copies such a body into an object could
 * change the prototype of every object in the hub.
 */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) {
    throw new HubError("INVALID_BODY", "the body is empty but its content-type says JSON", {
      details: { field: "body" },
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8's message quotes the body; only the position goes back (a body may hold a password).
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    throw new HubError("INVALID_BODY", `the body is not valid JSON${position ? ` (at position ${position})` : ""}`, {
      details: { field: "body" },
    });
  }
  // Only a body that names one of the keys (or escapes characters, which could spell one) is walked.
  if (!text.includes("__proto__") && !text.includes("constructor") && !text.includes("\\u")) return value;
  const found = forbiddenKey(value);
  if (found) {
    throw new HubError("INVALID_BODY", `body key "${found.key}" at ${found.field} is not allowed`, {
      details: { field: found.field, key: found.key },
    });
  }
  return value;
}

/** The first forbidden key, depth-first with an explicit stack (a deep body cannot overflow it). */
function forbiddenKey(root: unknown): { key: string; field: string } | undefined {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: "" }];
  while (stack.length > 0) {
    const { value, path } = defined(stack.pop(), "JSON value");
    if (value === null || typeof value !== "object") continue;
    for (const [key, child] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      if (key === "__proto__") return { key, field };
      if (key === "constructor" && child !== null && typeof child === "object" && Object.hasOwn(child, "prototype")) {
        return { key, field };
      }
      stack.push({ value: child, path: field });
    }
  }
  return undefined;
}
