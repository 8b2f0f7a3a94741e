/**
 * The audit trail (admin keys): who changed what and how it ended, newest first, "Older" pages back
 * with the id cursor. A key without the admin scope sees why the page is empty.
 */
import { api } from "../api.js";
import { ago, h } from "../dom.js";

function target(entry) {
  if (!entry.target) return "";
  const { type, id } = entry.target;
  if (type === "device") return h("a", { href: `#/devices/${encodeURIComponent(id)}`, text: `device ${id}` });
  if (type === "run") return h("a", { href: `#/runs/${encodeURIComponent(id)}`, text: `run ${id}` });
  return `${type.replace("_", " ")} ${id}`;
}

function details(entry) {
  return Object.entries(entry.detail ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(" ");
}

export function renderAudit(view) {
  const body = h("tbody");
  const note = h("p", { class: "muted" });
  const older = h("button", { type: "button", id: "audit-older", text: "Older", hidden: true });
  view.append(
    h("h1", { text: "Audit trail" }),
    h("p", { class: "muted", text: "Every state-changing API and MCP call, with the key that made it." }),
    h(
      "table",
      { class: "runs", id: "audit-table" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          ["When", "Key", "Action", "Target", "Outcome", "Details", "From"].map((t) => h("th", { text: t })),
        ),
      ),
      body,
    ),
    note,
    older,
  );
  let next;

  async function load(before) {
    try {
      const page = await api(`/api/audit?limit=50${before ? `&before=${before}` : ""}`);
      if (!before) body.replaceChildren();
      note.textContent = page.entries.length === 0 && !before ? "Nothing has been changed through the API yet." : "";
      body.append(
        ...page.entries.map((entry) =>
          h(
            "tr",
            { "data-audit": entry.id, class: entry.outcome === "error" ? "audit-error" : undefined },
            h("td", { text: ago(entry.at), title: entry.at }),
            h("td", { text: entry.keyId === undefined ? entry.keyLabel : `${entry.keyLabel} (#${entry.keyId})` }),
            h("td", {}, h("code", { text: entry.action })),
            h("td", {}, target(entry)),
            h("td", { text: entry.errorCode ? `${entry.status} ${entry.errorCode}` : String(entry.status) }),
            h("td", { text: details(entry) }),
            h("td", { text: entry.ip }),
          ),
        ),
      );
      next = page.next;
      older.hidden = next === undefined;
    } catch (e) {
      note.textContent =
        e.status === 403
          ? "The audit trail needs an operator key with the admin scope."
          : `Could not load: ${e.message}`;
    }
  }
  older.addEventListener("click", () => load(next));
  load();
}
