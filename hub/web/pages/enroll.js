/**
 * "Add phones" (admin keys): makes a fleet key for enrolment and shows its QR code, which the
 * portal app scans, the same deep link as text to copy, and where to download the portal APK. The
 * link holds the key: it is shown once, like the key, and kept nowhere.
 */
import { ApiError, api } from "../api.js";
import { h } from "../dom.js";

const EXPIRIES = [
  ["15 minutes", 900],
  ["1 hour", 3600],
  ["24 hours", 86_400],
  ["7 days", 604_800],
  ["30 days", 2_592_000],
  ["Never", 0],
];

function field(id, label, input, hint) {
  return h(
    "div",
    { class: "field" },
    h("label", { for: id, text: label }),
    input,
    hint && h("p", { class: "muted hint", text: hint }),
  );
}

/** Copies with the clipboard API where the page may (https, localhost), else by selecting the text. */
async function copy(input) {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand("copy");
  }
}

function apkNote(apk) {
  if (apk)
    return h(
      "p",
      {},
      "1. Install the portal app on the phone: ",
      h("a", { href: apk, id: "enroll-apk", text: "download the APK" }),
      ` (${location.origin}${apk}).`,
    );
  return h(
    "p",
    { class: "muted", id: "enroll-apk-missing" },
    "1. No APK configured: build it with ",
    h("code", { text: "npm run portal:apk" }),
    " and set ",
    h("code", { text: "DROIDHUB_PORTAL_APK" }),
    ".",
  );
}

function result(made) {
  const link = h("input", {
    type: "text",
    id: "enroll-link",
    readonly: true,
    value: made.link,
    "aria-label": "Enrolment link",
  });
  const copied = h("span", { class: "muted", role: "status" });
  const key = made.fleetKey;
  const limits = [
    key.expiresAt ? `expires ${key.expiresAt.replace("T", " ").slice(0, 16)} UTC` : "never expires",
    key.maxUses === 1 ? "enrols one phone" : "enrols any number of phones",
    key.tags.length ? `tags: ${key.tags.join(", ")}` : "no tags",
  ].join(" · ");
  return h(
    "section",
    { class: "card enroll-result", id: "enroll-result" },
    h("img", {
      src: made.qr.png,
      id: "enroll-qr",
      class: "qr",
      alt: "QR code of the enrolment link",
      width: 280,
      height: 280,
    }),
    h(
      "div",
      { class: "stack" },
      h("h2", { text: `Fleet key ${key.id}` }),
      h("p", { class: "muted", text: `${made.url}${made.pin ? " · pinned certificate" : ""} · ${limits}` }),
      apkNote(made.apk),
      h("p", { text: "2. Open the app and scan this code with it, or open the link on the phone." }),
      h(
        "div",
        { class: "row" },
        link,
        h("button", {
          type: "button",
          id: "enroll-copy",
          text: "Copy link",
          onclick: async () => {
            await copy(link);
            copied.textContent = "Copied.";
          },
        }),
        copied,
      ),
      h("p", {
        class: "muted",
        text: "The link holds the fleet key: share it like a password. Revoke the key under its id if it leaks.",
      }),
    ),
  );
}

export function renderEnroll(view) {
  const tags = h("input", { type: "text", id: "enroll-tags", placeholder: "lab-1, berlin" });
  const expiry = h(
    "select",
    { id: "enroll-expiry" },
    EXPIRIES.map(([text, seconds]) => h("option", { value: String(seconds), text, selected: seconds === 86_400 })),
  );
  const singleUse = h("input", { type: "checkbox", id: "enroll-single-use" });
  const url = h("input", { type: "text", id: "enroll-url", required: true });
  const pin = h("input", {
    type: "text",
    id: "enroll-pin",
    placeholder: "none (plain http, or a certificate phones trust)",
  });
  const error = h("p", { class: "error", id: "enroll-error", role: "alert" });
  const output = h("div");
  const form = h(
    "form",
    {
      class: "card enroll-form",
      onsubmit: async (event) => {
        event.preventDefault();
        error.textContent = "";
        const seconds = Number(expiry.value);
        const body = {
          tags: tags.value
            .split(",")
            .map((t) => t.trim())
            .filter(Boolean),
          singleUse: singleUse.checked,
          url: url.value.trim(),
          pin: pin.value.trim() || null,
          ...(seconds ? { expiresInS: seconds } : {}),
        };
        try {
          output.replaceChildren(result(await api("/api/enrollments", { method: "POST", body })));
        } catch (e) {
          error.textContent =
            e instanceof ApiError && e.status === 403
              ? "Adding phones needs an operator key with the admin scope."
              : `Could not make the code: ${e.message}`;
        }
      },
    },
    field("enroll-tags", "Tags", tags, "Comma-separated; every phone enrolled with this code gets them."),
    field("enroll-expiry", "Expires after", expiry),
    h("div", { class: "field" }, h("label", {}, singleUse, " Single use: the code enrols one phone")),
    field("enroll-url", "Hub address phones reach", url),
    field(
      "enroll-pin",
      "Certificate pin",
      pin,
      "Prefilled with this hub's own when it serves TLS itself; clear it behind a proxy with a public certificate.",
    ),
    h("button", { type: "submit", id: "enroll-make", text: "Make QR code" }),
    error,
  );
  view.append(
    h("h1", { text: "Add phones" }),
    h("p", { class: "muted", text: "Phones running the droidhub portal app join by scanning a code." }),
    h("div", { class: "enroll" }, form, output),
  );
  api("/api/enrollments/defaults")
    .then((defaults) => {
      url.value = defaults.url;
      pin.value = defaults.pin ?? "";
      if (!defaults.apk) form.append(apkNote(null));
    })
    .catch((e) => {
      error.textContent =
        e.status === 403 ? "Adding phones needs an operator key with the admin scope." : `Could not load: ${e.message}`;
    });
}
