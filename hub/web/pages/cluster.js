/**
 * The cluster (cluster mode only; the nav link shows when GET /api/cluster says `clustered`): one
 * row per live hub — which one served this page, its address, phones, running runs, load and when it
 * last renewed its registration — and the phones each holds (links to their pages). Re-fetched
 * every 3 s and, throttled, on fleet events (phones joining and leaving any hub, runs).
 */
import { api, eventSource } from "../api.js";
import { ago, h, throttle } from "../dom.js";

const REFRESH_MS = 3000;
/** Phone links shown per hub before "… and N more" (a hub may hold thousands). */
const SHOWN_PHONES = 40;

function phoneList(ids) {
  const sorted = [...ids].sort();
  const links = sorted
    .slice(0, SHOWN_PHONES)
    .map((id) => h("a", { href: `#/devices/${encodeURIComponent(id)}`, class: "cluster-phone", text: id }));
  const more =
    sorted.length > SHOWN_PHONES
      ? [h("span", { class: "muted", text: ` … and ${sorted.length - SHOWN_PHONES} more` })]
      : [];
  return h("td", { class: "cluster-phones" }, ...links, ...more);
}

function hubRow(hub, self) {
  const name = h("td", {}, h("code", { text: hub.id }));
  if (hub.id === self) name.append(" ", h("span", { class: "badge status-online", text: "this hub" }));
  return h(
    "tr",
    { "data-hub": hub.id },
    name,
    h("td", { text: hub.url ?? "—" }),
    h("td", { class: "num", "data-field": "phones", text: String(hub.phones) }),
    h("td", { class: "num", "data-field": "running", text: String(hub.running) }),
    h("td", { class: "num", "data-field": "load", text: `${Math.round(hub.load * 100)}%` }),
    h("td", { text: ago(hub.startedAt), title: hub.startedAt }),
    h("td", { text: ago(hub.seenAt), title: hub.seenAt }),
    phoneList(hub.phoneIds),
  );
}

export function renderCluster(view) {
  const body = h("tbody");
  const note = h("p", { class: "muted", id: "cluster-note" });
  const summary = h("p", { id: "cluster-summary" });
  const head = ["Hub", "Address", "Phones", "Running", "Load", "Started", "Last seen", "Its phones"];
  view.append(
    h("h1", { text: "Cluster" }),
    summary,
    h(
      "table",
      { class: "runs", id: "cluster-table" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          head.map((t) => h("th", { text: t })),
        ),
      ),
      body,
    ),
    note,
  );
  let stopped = false;

  async function refresh() {
    let cluster;
    try {
      cluster = await api("/api/cluster");
    } catch (e) {
      note.textContent = `Could not read the cluster: ${e.message}`;
      return;
    }
    if (stopped) return;
    if (!cluster.clustered) {
      body.replaceChildren();
      summary.textContent = "";
      note.textContent = "This hub runs alone (cluster mode is off: DROIDHUB_REDIS_URL is not set).";
      return;
    }
    const phones = cluster.hubs.reduce((n, hub) => n + hub.phones, 0);
    const running = cluster.hubs.reduce((n, hub) => n + hub.running, 0);
    summary.textContent = `${cluster.hubs.length} hubs, ${phones} phones, ${running} runs running. This page is served by ${cluster.self}.`;
    note.textContent = "";
    body.replaceChildren(...cluster.hubs.map((hub) => hubRow(hub, cluster.self)));
  }

  const refresher = throttle(refresh, 500);
  refresher.schedule();
  const timer = setInterval(refresher.schedule, REFRESH_MS);
  const fleet = eventSource("/api/events");
  for (const type of ["device_joined", "device_left", "run_started", "run_finished"]) {
    fleet.addEventListener(type, refresher.schedule);
  }
  return () => {
    stopped = true;
    refresher.stop();
    clearInterval(timer);
    fleet.close();
  };
}
