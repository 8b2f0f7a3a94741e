/** deploy/nginx.conf in front of a hub, run by the real nginx (Debian's /usr/sbin/nginx). */
import { startNginx } from "../helpers/proxy-process.js";
import { proxySuite } from "../helpers/proxy-suite.js";

proxySuite("nginx", startNginx);
