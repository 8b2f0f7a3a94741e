/**
 * The dashboard's Cluster page in real headless Chromium, against a real two-hub cluster (two
 * `droidhub serve` processes on one PostgreSQL and one Redis): two phones join hub A, three hub B.
 * Signed in on hub A, the Cluster link shows; the page lists both hubs (A marked as the one serving
 * it) with their phone counts and phone links, and follows a phone joining B live; the Devices page
 * on A shows B's phones too, each naming its hub. On a lone hub the link stays hidden.
 */
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VirtualDevice } from "../../hub/sim/device/index.js";
import { SimPhone } from "../../hub/sim/sim-phone.js";
import { type ClusterHub, startClusterHub } from "../helpers/cluster.js";
import { API_KEY, FLEET_KEY, startHub, type TestHub } from "../helpers/hub.js";
import { type PostgresCluster, requirePostgres, startPostgres } from "../helpers/postgres.js";
import { type RedisServer, requireRedis, startRedis } from "../helpers/redis.js";

const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(base);
  await page.fill("#operator-key", API_KEY);
  await page.click("button[type=submit]");
  await page.waitForSelector("#nav:not([hidden])");
}

const cell = (page: Page, hub: string, field: string) =>
  page.textContent(`#cluster-table tr[data-hub="${hub}"] td[data-field="${field}"]`);

requirePostgres("dashboard cluster page", (pgBin) =>
  requireRedis("dashboard cluster page", (redisBin) => {
    describe("dashboard cluster page", () => {
      let pg: PostgresCluster;
      let redis: RedisServer;
      let browser: Browser;
      let lone: TestHub | undefined;
      const hubs: ClusterHub[] = [];
      const phones: SimPhone[] = [];

      async function join(id: string, hub: ClusterHub): Promise<void> {
        const phone = new SimPhone(new VirtualDevice({ deviceId: id, app: "launcher", record: false }), {
          url: `${hub.process.wsUrl}/v1/devices/connect`,
          fleetKey: FLEET_KEY,
        });
        phones.push(phone);
        await phone.start();
      }

      beforeAll(async () => {
        pg = await startPostgres(pgBin);
        redis = await startRedis(redisBin);
        const database = await pg.createDatabase();
        for (const id of ["hub-a", "hub-b"]) hubs.push(await startClusterHub(id, database, redis.url));
        const [a, b] = hubs as [ClusterHub, ClusterHub];
        for (const id of ["a-1", "a-2"]) await join(id, a);
        for (const id of ["b-1", "b-2", "b-3"]) await join(id, b);
        browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
      }, 240_000);

      afterAll(async () => {
        await browser?.close();
        for (const phone of phones) phone.stop();
        for (const hub of hubs) await hub.process.dispose();
        await lone?.close();
        await redis?.stop();
        await pg?.stop();
      });

      it("lists the hubs, their phones and which hub serves the page; the fleet view shows every hub's phones", async () => {
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await signIn(page, hubs[0]!.process.baseUrl);
        await page.waitForSelector("#nav-cluster:not([hidden])", { timeout: 20_000 });
        await page.click("#nav-cluster");
        await page.waitForSelector('#cluster-table tr[data-hub="hub-b"]', { timeout: 20_000 });
        await expect.poll(() => cell(page, "hub-a", "phones"), { timeout: 20_000 }).toBe("2");
        await expect.poll(() => cell(page, "hub-b", "phones"), { timeout: 20_000 }).toBe("3");
        expect(
          await page.$$eval("#cluster-table tbody tr", (rows) => rows.map((r) => r.getAttribute("data-hub"))),
        ).toEqual(["hub-a", "hub-b"]);
        expect(await page.textContent('#cluster-table tr[data-hub="hub-a"] td:first-child')).toContain("this hub");
        expect(await page.textContent('#cluster-table tr[data-hub="hub-b"] td:first-child')).not.toContain("this hub");
        const phoneLinks = (hub: string) =>
          page.$$eval(`#cluster-table tr[data-hub="${hub}"] a.cluster-phone`, (links) =>
            links.map((a) => [a.textContent, a.getAttribute("href")]),
          );
        expect(await phoneLinks("hub-b")).toEqual([
          ["b-1", "#/devices/b-1"],
          ["b-2", "#/devices/b-2"],
          ["b-3", "#/devices/b-3"],
        ]);
        expect(await page.textContent("#cluster-summary")).toBe(
          "2 hubs, 5 phones, 0 runs running. This page is served by hub-a.",
        );

        // A phone joining hub B shows up on hub A's page without a reload.
        await join("b-4", hubs[1]!);
        await expect.poll(() => cell(page, "hub-b", "phones"), { timeout: 20_000 }).toBe("4");
        await page.screenshot({ path: "/tmp/dashboard-cluster.png", fullPage: true });

        // The fleet view on hub A: B's phones too, each card naming its hub.
        await page.click('a[data-nav="devices"]');
        await expect.poll(() => page.$$eval(".card.device", (cards) => cards.length), { timeout: 20_000 }).toBe(6);
        const hubOf = (id: string) =>
          page.$eval(`.card.device[data-device="${id}"] .facts`, (facts) => {
            const terms = Array.from(facts.querySelectorAll("dt"));
            return terms.find((dt) => dt.textContent === "Hub")?.nextElementSibling?.textContent;
          });
        expect(await hubOf("b-4")).toBe("hub-b");
        expect(await hubOf("a-1")).toBe("hub-a");
        await page.close();
      }, 180_000);

      it("keeps the Cluster link hidden on a lone hub", async () => {
        lone = await startHub();
        const page = await browser.newPage();
        await signIn(page, lone.baseUrl);
        // The shell asked /api/cluster when it showed the nav; the page answers it for a lone hub.
        await page.goto(`${lone.baseUrl}/#/cluster`);
        await expect
          .poll(() => page.textContent("#cluster-note"), { timeout: 20_000 })
          .toBe("This hub runs alone (cluster mode is off: DROIDHUB_REDIS_URL is not set).");
        expect(await page.isHidden("#nav-cluster")).toBe(true);
        await page.close();
      }, 60_000);
    });
  }),
);
