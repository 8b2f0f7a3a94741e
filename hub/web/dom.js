/**
 * A tiny DOM builder. Strings become text nodes (never parsed as HTML), so anything from the hub or a
 * phone is escaped by construction. props: `class`, `text`, `on<event>` handlers, other attributes.
 */
export function h(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = String(value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "value") node.value = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces a node's children. */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

export function ago(iso) {
  if (!iso) return "";
  const s = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.round(s / 60)}m ago`;
  return `${Math.round(s / 3600)}h ago`;
}

export function duration(startIso, endIso) {
  if (!startIso || !endIso) return "";
  const ms = Date.parse(endIso) - Date.parse(startIso);
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export function statusBadge(status) {
  return h("span", { class: `badge status-${String(status).replace(/[^a-z]/g, "")}`, text: status });
}

/**
 * Runs the async `fn` at most once per `ms`, however often `schedule()` is called: calls in between
 * coalesce into one trailing run, and a run never overlaps the previous one (a slow hub is not flooded).
 */
export function throttle(fn, ms) {
  let last = 0;
  let timer;
  let running = false;
  let again = false;
  let stopped = false;
  async function run() {
    timer = undefined;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    last = Date.now();
    try {
      await fn();
    } finally {
      running = false;
      if (again) {
        again = false;
        schedule();
      }
    }
  }
  function schedule() {
    if (stopped || timer !== undefined) return;
    if (running) {
      again = true;
      return;
    }
    timer = setTimeout(run, Math.max(0, last + ms - Date.now()));
  }
  return {
    schedule,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** "12s", "3m", "2h" for an age in seconds. */
export function seconds(s) {
  if (s === undefined || s === null) return "—";
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.round(s / 60)}m`;
  return `${Math.round(s / 3600)}h`;
}

/** A phone's status badge, plus draining / quarantined when its status shows something else (busy). */
export function healthBadges(device) {
  const badges = [statusBadge(device.status)];
  for (const flag of ["quarantined", "draining"]) {
    if (device[flag] && device.status !== flag) badges.push(statusBadge(flag));
  }
  return badges;
}
