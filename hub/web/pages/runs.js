/** Runs, newest first, filtered by status (and starred) through the hash query. */
import { api } from "../api.js";
import { ago, duration, h, statusBadge } from "../dom.js";
import { starButton } from "./star.js";

const STATUSES = ["", "running", "done", "failed", "cancelled", "interrupted"];

export function renderRuns(view, query = "") {
  const params = new URLSearchParams(query);
  const status = params.get("status") ?? "";
  const starred = params.get("starred") === "true";
  const select = h(
    "select",
    { id: "status-filter", onchange: () => go(select.value, starredBox.checked) },
    STATUSES.map((s) => h("option", { value: s, text: s || "any status", selected: s === status })),
  );
  const starredBox = h("input", {
    type: "checkbox",
    id: "starred-filter",
    checked: starred,
    onchange: () => go(select.value, starredBox.checked),
  });
  const body = h("tbody");
  const note = h("p", { class: "muted" });
  view.append(
    h("h1", { text: "Runs" }),
    h(
      "div",
      { class: "row filters" },
      h("label", { for: "status-filter", text: "Status" }),
      select,
      starredBox,
      h("label", { for: "starred-filter", text: "starred only" }),
    ),
    h(
      "table",
      { class: "runs", id: "runs-table" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          ["", "Goal", "Mode", "Device", "Status", "Started", "Took"].map((t) => h("th", { text: t })),
        ),
      ),
      body,
    ),
    note,
  );

  async function load() {
    const q = new URLSearchParams();
    if (status) q.set("status", status);
    if (starred) q.set("starred", "true");
    try {
      const { runs } = await api(`/api/runs?${q}`);
      note.textContent = runs.length === 0 ? "No runs match." : "";
      body.replaceChildren(
        ...runs.map((run) =>
          h(
            "tr",
            { "data-run": run.id },
            h("td", {}, starButton(run)),
            h("td", {}, h("a", { href: `#/runs/${encodeURIComponent(run.id)}`, text: run.goal })),
            h("td", { class: "mode", text: run.mode }),
            h("td", {}, h("a", { href: `#/devices/${encodeURIComponent(run.deviceId)}`, text: run.deviceId })),
            h("td", {}, statusBadge(run.status)),
            h("td", { text: ago(run.startedAt), title: run.startedAt }),
            h("td", { text: duration(run.startedAt, run.finishedAt) }),
          ),
        ),
      );
    } catch (e) {
      note.textContent = `Could not list runs: ${e.message}`;
    }
  }
  load();
  const timer = setInterval(load, 5000);
  return () => clearInterval(timer);
}

function go(status, starred) {
  const q = new URLSearchParams();
  if (status) q.set("status", status);
  if (starred) q.set("starred", "true");
  const text = q.toString();
  location.hash = text ? `#/runs?${text}` : "#/runs";
}
