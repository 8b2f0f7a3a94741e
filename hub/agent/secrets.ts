/**
 * Task secrets (passwords, one-time codes). The model only ever sees `{{secret:NAME}}`; the value
 * is put in at the last moment, in the request to the phone. Everything that leaves the agent —
 * prompts, events, step logs, errors — goes through redact() first.
 */
const PLACEHOLDER = /\{\{secret:([A-Za-z0-9_.-]+)\}\}/g;
/** Shorter secrets (a PIN) are looked for as a whole text only: "12" is in too many strings. */
const MIN_FOUND_LENGTH = 4;

export class SecretVault {
  readonly #values: ReadonlyMap<string, string>;

  constructor(secrets: Readonly<Record<string, string>> = {}) {
    // Longest first, so a secret that contains another is replaced whole.
    this.#values = new Map(Object.entries(secrets).sort((a, b) => b[1].length - a[1].length));
  }

  /** How many secret values it holds. */
  get size(): number {
    return this.#values.size;
  }

  get names(): string[] {
    return [...this.#values.keys()];
  }

  placeholder(name: string): string {
    return `{{secret:${name}}}`;
  }

  /** Replaces every placeholder with its value; unknown names are an error, never sent as-is. */
  substitute(text: string): string {
    return text.replace(PLACEHOLDER, (_match, name: string) => {
      const value = this.#values.get(name);
      if (value === undefined) throw new Error(`unknown secret placeholder {{secret:${name}}}`);
      return value;
    });
  }

  /** Whether `text` shows a secret value (a short secret only when it is the whole text). */
  shows(text: string): boolean {
    if (text.length === 0) return false;
    for (const secret of this.#values.values()) {
      if (secret.length === 0) continue;
      if (secret.length < MIN_FOUND_LENGTH ? text.trim() === secret : text.includes(secret)) return true;
    }
    return false;
  }

  /** Whether `text` holds a placeholder, i.e. typing it puts a secret on the phone. */
  static hasPlaceholder(text: string): boolean {
    return new RegExp(PLACEHOLDER.source).test(text);
  }

  /** Replaces every secret value with its placeholder, in strings and (deeply) in objects. */
  redact<T>(value: T): T {
    if (this.#values.size === 0) return value;
    return this.#redactAny(value) as T;
  }

  #redactString(text: string): string {
    let out = text;
    for (const [name, secret] of this.#values) {
      if (secret.length > 0 && out.includes(secret)) out = out.split(secret).join(this.placeholder(name));
    }
    return out;
  }

  #redactAny(value: unknown): unknown {
    if (typeof value === "string") return this.#redactString(value);
    if (Array.isArray(value)) return value.map((v) => this.#redactAny(v));
    if (value instanceof Uint8Array) return value;
    if (value && typeof value === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = this.#redactAny(v);
      return out;
    }
    return value;
  }
}
