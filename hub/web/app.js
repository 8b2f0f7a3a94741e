/** The dashboard shell: hash routes → pages; each page answers a cleanup function for when it is left. */
import { api, auth } from "./api.js";
import { renderAudit } from "./pages/audit.js";
import { renderCluster } from "./pages/cluster.js";
import { renderDevice } from "./pages/device.js";
import { renderDevices } from "./pages/devices.js";
import { renderEnroll } from "./pages/enroll.js";
import { renderQueue } from "./pages/queue.js";
import { renderReplay } from "./pages/replay.js";
import { renderRun } from "./pages/run.js";
import { renderRuns } from "./pages/runs.js";
import { renderSignIn } from "./pages/sign-in.js";

const routes = [
  [/^#\/devices\/([^/?]+)$/, renderDevice, "devices"],
  [/^#\/devices$/, renderDevices, "devices"],
  [/^#\/runs\/([^/?]+)\/replay$/, renderReplay, "runs"],
  [/^#\/runs\/([^/?]+)$/, renderRun, "runs"],
  [/^#\/runs(?:\?(.*))?$/, renderRuns, "runs"],
  [/^#\/queue(?:\?(.*))?$/, renderQueue, "queue"],
  [/^#\/cluster$/, renderCluster, "cluster"],
  [/^#\/audit$/, renderAudit, "audit"],
  [/^#\/enroll$/, renderEnroll, "enroll"],
];

let cleanup = () => {};
let clusterChecked = false;

/** The Cluster link shows only in cluster mode: asked once per sign-in (a hub does not change mode while running). */
function showClusterLink() {
  if (clusterChecked) return;
  clusterChecked = true;
  api("/api/cluster")
    .then((cluster) => {
      document.getElementById("nav-cluster").hidden = !cluster.clustered;
    })
    .catch(() => {
      clusterChecked = false;
    });
}

function route() {
  cleanup();
  cleanup = () => {};
  const view = document.getElementById("view");
  view.replaceChildren();
  const nav = document.getElementById("nav");
  if (!auth.key) {
    nav.hidden = true;
    if (location.hash !== "#/signin") history.replaceState(null, "", "#/signin");
    cleanup = renderSignIn(view) ?? cleanup;
    return;
  }
  nav.hidden = false;
  showClusterLink();
  for (const [pattern, render, section] of routes) {
    const match = pattern.exec(location.hash);
    if (!match) continue;
    for (const link of nav.querySelectorAll("[data-nav]")) {
      link.classList.toggle("active", link.dataset.nav === section);
    }
    cleanup = render(view, ...match.slice(1).map((part) => decodeURIComponent(part ?? ""))) ?? cleanup;
    return;
  }
  location.hash = "#/devices";
}

window.addEventListener("hashchange", route);
window.addEventListener("droidhub:signed-out", () => {
  clusterChecked = false;
  location.hash = "#/signin";
  route();
});
document.getElementById("sign-out").addEventListener("click", () => {
  auth.clear();
  location.hash = "#/signin";
});
route();
