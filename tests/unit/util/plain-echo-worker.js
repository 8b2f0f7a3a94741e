// A compiled worker, as dist/ has them (plain JavaScript, no loader needed): answers { id, value: "echo <text>" }.
import { parentPort } from "node:worker_threads";

parentPort?.on("message", (message) => parentPort?.postMessage({ id: message.id, value: `echo ${message.text}` }));
