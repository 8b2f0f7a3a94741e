/** The fleet: one card per phone with its facts and a thumbnail refreshed every few seconds. */
import { api, blobUrl, eventSource } from "../api.js";
import { ago, fill, h, healthBadges, seconds, throttle } from "../dom.js";

const REFRESH_MS = 3000;

export function renderDevices(view) {
  const grid = h("div", { class: "grid", id: "device-grid" });
  const note = h("div", { class: "muted hint", id: "devices-note" });
  view.append(h("h1", { text: "Devices" }), note, grid);
  const cards = new Map();
  let stopped = false;

  async function refresh() {
    let devices;
    try {
      devices = (await api("/api/devices")).devices;
    } catch (e) {
      note.textContent = `Could not list devices: ${e.message}`;
      return;
    }
    if (stopped) return;
    if (devices.length === 0) fill(note, ...emptyFleetHint());
    else note.replaceChildren();
    const seen = new Set();
    for (const device of devices) {
      seen.add(device.id);
      let card = cards.get(device.id);
      if (!card) {
        card = deviceCard(device.id);
        cards.set(device.id, card);
        grid.append(card.node);
      }
      card.update(device);
    }
    for (const [id, card] of cards) {
      if (seen.has(id)) continue;
      card.dispose();
      card.node.remove();
      cards.delete(id);
    }
  }

  // Fleet events refresh at once, but at most twice a second however busy the fleet is; the timer
  // catches battery and app changes too.
  const refresher = throttle(refresh, 500);
  refresher.schedule();
  const timer = setInterval(refresher.schedule, REFRESH_MS);
  const fleet = eventSource("/api/events");
  for (const type of [
    "device_joined",
    "device_left",
    "device_updated",
    "device_quarantined",
    "run_started",
    "run_finished",
  ]) {
    fleet.addEventListener(type, refresher.schedule);
  }
  return () => {
    stopped = true;
    refresher.stop();
    clearInterval(timer);
    fleet.close();
    for (const card of cards.values()) card.dispose();
  };
}

/** What a new user sees before any phone: how to add one, with this hub's own address filled in. */
function emptyFleetHint() {
  const join = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}`;
  return [
    h("p", { text: "No phones have joined yet. Three virtual ones, from the droidhub folder:" }),
    h("p", {}, h("code", { text: `npx droidhub sim --hub ${join} --key YOUR_FLEET_KEY --count 3 --app login` })),
    h("p", {
      text:
        "YOUR_FLEET_KEY is the hub's DROIDHUB_FLEET_KEY. A real phone: install the droidhub portal app and enter " +
        `${join} and a fleet key (README, "Phones").`,
    }),
  ];
}

function deviceCard(id) {
  const thumb = h("img", { class: "thumb", alt: `screen of ${id}` });
  const placeholder = h("div", { class: "thumb placeholder", text: "no screen" });
  const facts = h("dl", { class: "facts" });
  const badge = h("span", { class: "badges" });
  const node = h(
    "a",
    { class: "card device", href: `#/devices/${encodeURIComponent(id)}`, "data-device": id },
    h("div", { class: "thumb-box" }, placeholder, thumb),
    h("div", { class: "card-head" }, h("strong", { text: id }), badge),
    facts,
  );
  thumb.hidden = true;
  let url;
  let loading = false;

  async function loadThumb() {
    if (loading) return;
    loading = true;
    try {
      const next = await blobUrl(
        `/api/devices/${encodeURIComponent(id)}/screenshot?format=jpeg&quality=70&max_side=480`,
      );
      if (url) URL.revokeObjectURL(url);
      url = next;
      thumb.src = url;
      thumb.hidden = false;
      placeholder.remove();
    } catch {
      // An offline or busy phone keeps its last thumbnail.
    } finally {
      loading = false;
    }
  }

  return {
    node,
    update(device) {
      badge.replaceChildren(...healthBadges(device));
      const facts_ = [
        ["Model", [device.manufacturer, device.model].filter(Boolean).join(" ") || "—"],
        ["Android SDK", device.sdkInt ?? "—"],
        ["Battery", device.battery ? `${device.battery.level}%${device.battery.charging ? " ⚡" : ""}` : "—"],
        ["App", device.foreground?.package || "—"],
        ["Tags", device.tags?.length ? device.tags.join(", ") : "—"],
        ["Infra fails", device.infraFailures ?? 0],
        ["Heartbeat", device.status === "offline" ? ago(device.lastSeen) : `${seconds(device.heartbeatAgeS)} ago`],
        // Cluster mode: which hub holds the phone's socket.
        ...(device.hub ? [["Hub", device.hub]] : []),
      ];
      facts.replaceChildren(...facts_.flatMap(([k, v]) => [h("dt", { text: k }), h("dd", { text: v })]));
      if (device.status !== "offline") loadThumb();
    },
    dispose() {
      if (url) URL.revokeObjectURL(url);
    },
  };
}
