/**
 * The task queue, live: counts per state and the newest tasks (filtered by state through the hash
 * query), with cancel for queued and running tasks. Task events on the fleet stream trigger a re-fetch,
 * throttled so a burst of thousands of events a second costs at most two requests a second.
 */
import { api, eventSource } from "../api.js";
import { ago, fill, h, statusBadge, throttle } from "../dom.js";

const STATES = ["queued", "running", "done", "failed", "cancelled"];
const REFRESH_MIN_MS = 500;
const POLL_MS = 5000;
const LIMIT = 100;

export function renderQueue(view, query = "") {
  const status = new URLSearchParams(query).get("status") ?? "";
  const select = h(
    "select",
    {
      id: "queue-status-filter",
      onchange: () => {
        location.hash = select.value ? `#/queue?status=${encodeURIComponent(select.value)}` : "#/queue";
      },
    },
    ["", ...STATES].map((s) => h("option", { value: s, text: s || "any status", selected: s === status })),
  );
  const countNodes = new Map();
  const counts = h(
    "div",
    { class: "counts", id: "queue-counts" },
    STATES.map((state) => {
      const value = h("span", { class: "count-value", "data-count": state, text: "–" });
      countNodes.set(state, value);
      return h(
        "a",
        { class: `count card count-${state}`, href: `#/queue?status=${state}` },
        value,
        h("span", { class: "count-label", text: state }),
      );
    }),
  );
  const live = h("span", { class: "muted", id: "queue-live", text: "connecting…" });
  const body = h("tbody");
  const note = h("p", { class: "muted", id: "queue-note" });
  const message = h("p", { class: "message", id: "queue-message", role: "status" });
  view.append(
    h("div", { class: "title-row" }, h("h1", { text: "Queue" }), live),
    counts,
    h(
      "div",
      { class: "row filters" },
      h("label", { for: "queue-status-filter", text: "Status" }),
      select,
      h("span", { class: "muted", text: `newest ${LIMIT} shown` }),
    ),
    message,
    h(
      "table",
      { class: "runs", id: "queue-table" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          ["Goal", "Mode", "Status", "Attempts", "Device", "Priority", "Queued", "Reason", ""].map((t) =>
            h("th", { text: t }),
          ),
        ),
      ),
      body,
    ),
    note,
  );

  let stopped = false;
  let events = 0;

  async function cancel(task, button) {
    button.disabled = true;
    try {
      const result = await api(`/api/tasks/${encodeURIComponent(task.id)}/cancel`, { method: "POST" });
      message.textContent = `Task ${task.id}: ${result.cancelling ? "cancelling" : result.status}.`;
    } catch (e) {
      message.textContent = `Cancel ${task.id}: ${e.message}`;
      button.disabled = false;
    }
    refresher.schedule();
  }

  function row(task) {
    const device = task.deviceId ?? task.lastDevice;
    const cancellable = task.status === "queued" || task.status === "running";
    const button = cancellable
      ? h("button", { type: "button", class: "cancel", text: "Cancel", onclick: () => cancel(task, button) })
      : undefined;
    return h(
      "tr",
      { "data-task": task.id },
      // The goal links to the task's latest run, once it has one.
      task.runId
        ? h(
            "td",
            { class: "goal", title: task.id },
            h("a", { href: `#/runs/${encodeURIComponent(task.runId)}`, text: task.goal }),
          )
        : h("td", { class: "goal", text: task.goal, title: task.id }),
      h("td", { text: task.mode }),
      h("td", {}, statusBadge(task.status)),
      h("td", { text: `${task.attempts}/${task.maxAttempts}` }),
      h("td", {}, device ? h("a", { href: `#/devices/${encodeURIComponent(device)}`, text: device }) : "—"),
      h("td", { text: task.priority }),
      h("td", { text: ago(task.createdAt), title: task.createdAt }),
      h("td", { class: "reason", text: task.reason ?? "" }),
      h("td", {}, button),
    );
  }

  async function load() {
    const q = new URLSearchParams({ limit: String(LIMIT) });
    if (status) q.set("status", status);
    let result;
    try {
      result = await api(`/api/tasks?${q}`);
    } catch (e) {
      note.textContent = `Could not list tasks: ${e.message}`;
      return;
    }
    if (stopped) return;
    for (const state of STATES) countNodes.get(state).textContent = String(result.counts[state] ?? 0);
    note.textContent = result.tasks.length === 0 ? "No tasks match." : "";
    fill(body, result.tasks.map(row));
    if (events > 0) live.textContent = `live · ${events} task events`;
  }

  const refresher = throttle(load, REFRESH_MIN_MS);
  refresher.schedule();
  const timer = setInterval(() => refresher.schedule(), POLL_MS);
  const fleet = eventSource("/api/events");
  fleet.onopen = () => {
    live.textContent = events > 0 ? `live · ${events} task events` : "live";
    refresher.schedule();
  };
  fleet.onerror = () => {
    live.textContent = "reconnecting…";
  };
  for (const type of ["task_queued", "task_started", "task_finished"]) {
    fleet.addEventListener(type, () => {
      events += 1;
      refresher.schedule();
    });
  }
  return () => {
    stopped = true;
    refresher.stop();
    clearInterval(timer);
    fleet.close();
  };
}
