/** deploy/Caddyfile in front of a hub, run by the real Caddy (Debian's /usr/bin/caddy). */
import { startCaddy } from "../helpers/proxy-process.js";
import { proxySuite } from "../helpers/proxy-suite.js";

proxySuite("caddy", startCaddy);
