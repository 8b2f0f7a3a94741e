#!/usr/bin/env python3
"""Writes android-portal/src/test/resources/enroll-links.json: the shared test vectors of the
enrolment link v1 (docs/enrollment-link.md). Computed here, with Python's hmac and urllib, apart
from the Kotlin parser that is tested against them (and later the hub's TypeScript generator).

    python3 scripts/portal/enroll-vectors.py          # rewrite the file
    python3 scripts/portal/enroll-vectors.py --check  # exit 1 if the file is not what this writes
"""
import base64, hashlib, hmac, json, sys
from pathlib import Path
from urllib.parse import quote

OUT = Path(__file__).resolve().parents[2] / "android-portal/src/test/resources/enroll-links.json"
NOW = 1_750_000_000  # the phone's clock (unix seconds) for every case
TOLERANCE = 300


def pin(name: str) -> str:
    return "sha256/" + base64.b64encode(hashlib.sha256(name.encode()).digest()).decode()


PIN_A, PIN_B = pin("hub-a key"), pin("hub-b key")


def enc(value: str) -> str:
    # Exactly JavaScript's encodeURIComponent, so a TypeScript generator can produce the same text.
    return quote(value, safe="!~*'()")


def canonical(url, key, pin="", tags="", exp="") -> str:
    return "\n".join(["droidhub-enroll-v1", url, key, pin, tags, exp])


def sign(url, key, pin="", tags="", exp="") -> str:
    mac = hmac.new(key.encode(), canonical(url, key, pin, tags, exp).encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode().rstrip("=")


def link(params) -> str:
    return "droidhub://enroll?" + "&".join(f"{enc(k)}={enc(v)}" for k, v in params)


def v1_params(url, key, pin="", tags="", exp="", sig=None):
    params = [("v", "1"), ("url", url), ("key", key)]
    params += [(n, v) for n, v in (("pin", pin), ("tags", tags), ("exp", exp)) if v != ""]
    return params + [("sig", sign(url, key, pin, tags, exp) if sig is None else sig)]


cases = []


def valid(name, url, key, pin="", tags="", exp="", text=None):
    fields = {"url": url, "key": key, "pin": pin or None, "tags": tags.split(",") if tags else [],
              "exp": int(exp) if exp else None}
    cases.append({"name": name, "link": text or link(v1_params(url, key, pin, tags, exp)), "expect": "valid",
                  "version": 1, "fields": fields, "canonical": canonical(url, key, pin, tags, exp),
                  "sig": sign(url, key, pin, tags, exp), "writerLink": text is None})


def refused(name, text, code):
    cases.append({"name": name, "link": text, "expect": "refused", "code": code})


def replace(params, name, value):
    return [(n, value if n == name else v) for n, v in params]


HUB, KEY = "https://hub.example.com:8443", "fk_Zm9vYmFy+/="
FUTURE, PAST = str(NOW + 3600), str(NOW - TOLERANCE - 1)
ALL = dict(url=HUB, key=KEY, pin=PIN_A, tags="lab-1,Москва", exp=FUTURE)

# Good links: with and without each optional field.
valid("v1 with url and key only", HUB, KEY)
valid("v1 with a pin", HUB, KEY, pin=PIN_A)
valid("v1 with tags", HUB, KEY, tags="lab-1,Москва")
valid("v1 with an expiry", HUB, KEY, exp=FUTURE)
valid("v1 with every field", **ALL)
valid("v1 expired within the clock-skew tolerance", HUB, KEY, exp=str(NOW - TOLERANCE + 1))
valid("v1 hub under a path prefix over plain http", "http://192.168.1.5:8080/droidhub", "k1")
valid("v1 fields in another order", **ALL, text=link(list(reversed(v1_params(**ALL)))))
valid("v1 with lowercase percent escapes", HUB, KEY,
      text=link(v1_params(HUB, KEY)).replace("%3A", "%3a").replace("%2F", "%2f"))
cases.append({"name": "legacy link (no v): url and key only", "expect": "valid", "version": 0,
              "link": link([("url", "https://hub.example.com"), ("key", "fk_a+b/c=")]),
              "fields": {"url": "https://hub.example.com", "key": "fk_a+b/c=", "pin": None, "tags": [], "exp": None}})

# Expired.
refused("v1 expired beyond the tolerance", link(v1_params(HUB, KEY, exp=PAST)), "expired")
refused("v1 expired a day ago", link(v1_params(HUB, KEY, exp=str(NOW - 86400))), "expired")

# Tampered: every field changed in turn, after signing.
good = v1_params(**ALL)
refused("tampered url", link(replace(good, "url", "https://evil.example.com:8443")), "tampered")
refused("tampered key (truncated)", link(replace(good, "key", KEY[:-3])), "tampered")
refused("tampered pin (swapped)", link(replace(good, "pin", PIN_B)), "tampered")
refused("tampered tags", link(replace(good, "tags", "lab-1")), "tampered")
refused("tampered expiry (extended)", link(replace(good, "exp", str(NOW + 999999))), "tampered")
refused("tampered sig (one character)", link(replace(good, "sig", ("B" if good[-1][1][0] != "B" else "C") + good[-1][1][1:])), "tampered")
refused("pin removed", link([p for p in good if p[0] != "pin"]), "tampered")
refused("tags removed", link([p for p in good if p[0] != "tags"]), "tampered")
refused("expiry removed", link([p for p in good if p[0] != "exp"]), "tampered")
refused("pin added to a link signed without one", link(v1_params(HUB, KEY)[:3] + [("pin", PIN_A)] + v1_params(HUB, KEY)[3:]), "tampered")
refused("sig missing", link(good[:-1]), "tampered")
refused("sig made with another key", link(replace(good, "sig", sign(HUB, "other", PIN_A, ALL["tags"], FUTURE))), "tampered")
refused("sig with base64 padding", link(replace(good, "sig", good[-1][1] + "=")), "tampered")

# Foreign links.
refused("https link", "https://hub.example.com/enroll?url=x&key=y", "foreign")
refused("other droidhub link", "droidhub://other?url=https%3A%2F%2Fh&key=k", "foreign")
refused("mobilerun link", "mobilerun://connect?url=wss%3A%2F%2Fapi.mobilerun.ai&token=t", "foreign")
refused("javascript link", "javascript:alert(1)", "foreign")
refused("plain text", "not a link at all", "foreign")
refused("empty", "", "foreign")

# Versions.
refused("newer version", link(replace(v1_params(HUB, KEY), "v", "2")), "newer_version")
refused("much newer version", link(replace(v1_params(HUB, KEY), "v", "10")), "newer_version")
refused("version not a number", link(replace(v1_params(HUB, KEY), "v", "one")), "malformed")
refused("version zero", link(replace(v1_params(HUB, KEY), "v", "0")), "malformed")

# Malformed.
refused("bad percent escape", link(v1_params(HUB, KEY)).replace("key=", "key=%zz"), "malformed")
refused("percent escape cut short", link(v1_params(HUB, KEY)) + "%4", "malformed")
refused("escape that is not UTF-8", "droidhub://enroll?url=https%3A%2F%2Fh&key=%E0%A4", "malformed")
refused("pin in another hash", link(v1_params(HUB, KEY, pin="sha1/" + PIN_A[7:])), "malformed")
refused("pin of the wrong length", link(v1_params(HUB, KEY, pin=PIN_A[:-4] + "=")), "malformed")
refused("expiry not a number", link(v1_params(HUB, KEY, exp="soon")), "malformed")
refused("empty tag", link(v1_params(HUB, KEY, tags="a,,b")), "malformed")
refused("empty optional field", link(v1_params(HUB, KEY)[:3] + [("pin", "")] + v1_params(HUB, KEY)[3:]), "malformed")
refused("unknown field in v1", link(v1_params(HUB, KEY) + [("color", "red")]), "malformed")
refused("legacy link with a pin", link([("url", HUB), ("key", KEY), ("pin", PIN_A)]), "malformed")

# Duplicates: ambiguous, whichever copy a reader took.
refused("url twice", link(v1_params(HUB, KEY) + [("url", "https://evil.example.com")]), "duplicate")
refused("sig twice", link(v1_params(HUB, KEY) + [("sig", "x")]), "duplicate")
refused("legacy key twice", link([("url", HUB), ("key", "a"), ("key", "b")]), "duplicate")

# Missing and invalid required fields.
refused("v1 without a key", link([("v", "1"), ("url", HUB), ("sig", sign(HUB, ""))]), "missing")
refused("legacy without a url", link([("key", KEY)]), "missing")
refused("hub URL with another scheme", link(v1_params("ftp://hub.example.com", KEY)), "invalid_field")
refused("key with a space", link(v1_params(HUB, "two words")), "invalid_field")
refused("pin with a plain-http hub", link(v1_params("http://hub.example.com", KEY, pin=PIN_A)), "invalid_field")

# Oversized fields.
long_url = "https://hub.example.com/" + "a" * (2049 - len("https://hub.example.com/"))
refused("url over 2048 characters", link(v1_params(long_url, KEY)), "too_long")
refused("key over 256 characters", link(v1_params(HUB, "k" * 257)), "too_long")
refused("more than 32 tags", link(v1_params(HUB, KEY, tags=",".join(f"t{i}" for i in range(33)))), "too_long")
refused("tag over 64 characters", link(v1_params(HUB, KEY, tags="t" * 65)), "too_long")
refused("link over 4096 characters", link(v1_params(HUB, KEY)) + "&x=" + "y" * 4096, "too_long")

doc = {
    "about": "Enrolment link v1 test vectors; format in docs/enrollment-link.md. Written by scripts/portal/enroll-vectors.py.",
    "now": NOW,
    "toleranceSeconds": TOLERANCE,
    "cases": cases,
}
text = json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
if "--check" in sys.argv:
    sys.exit(0 if OUT.exists() and OUT.read_text(encoding="utf-8") == text else 1)
OUT.write_text(text, encoding="utf-8")
print(f"wrote {len(cases)} cases to {OUT}")
