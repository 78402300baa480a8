/**
 * A throwaway IMAP server (Debian's dovecot-imapd) on a free loopback port, with one mailbox user
 * in a plain passwd file and Maildir storage in a temporary folder: the answers mailbox of the
 * conversation tests. Mail arrives by IMAP APPEND, as a mail client or a delivery agent puts it.
 * As root the mailbox belongs to the `dovecot` system user (dovecot refuses to run mail as root);
 * as anyone else, every process of it runs as that person.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { freePort } from "./ports";

const dovecotBin = "/usr/sbin/dovecot";

/** Fails loudly when dovecot is missing, never passes by skipping. */
export function assertDovecotInstalled(): void {
  if (!fs.existsSync(dovecotBin))
    throw new Error(
      "dovecot is not installed: `npx tsx scripts/system-packages.ts` installs dovecot-imapd or prints the command",
    );
}

function idOf(user: string): { uid: number; gid: number } {
  const out = spawnSync("id", [user], { encoding: "utf8" }).stdout;
  const uid = /uid=(\d+)/.exec(out)?.[1];
  const gid = /gid=(\d+)/.exec(out)?.[1];
  if (!uid || !gid) throw new Error(`no system user ${user}`);
  return { uid: Number(uid), gid: Number(gid) };
}

function config(dir: string, port: number, asRoot: boolean): string {
  const me = os.userInfo().username;
  return `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
instance_name = altiva-test-${port}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain
first_valid_uid = 1
${asRoot ? "" : `default_internal_user = ${me}\ndefault_login_user = ${me}\n`}passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/passwd
}
mail_location = maildir:${dir}/mail/%u
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`;
}

export interface TestImap {
  port: number;
  user: string;
  password: string;
  /** imap://user:password@127.0.0.1:port for INBOUND_IMAP_URL. */
  url: string;
  /** Puts a raw message into the folder, as a mail client's APPEND does. */
  append(raw: string, folder?: string): Promise<void>;
  /** How many messages the folder holds, and how many of them are unread. */
  count(folder?: string): Promise<{ all: number; unseen: number }>;
  stop(): Promise<void>;
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export async function startImap(): Promise<TestImap> {
  assertDovecotInstalled();
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? idOf("dovecot") : { uid: process.getuid!(), gid: process.getgid!() };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "altiva-imap-"));
  fs.chmodSync(dir, 0o755);
  for (const sub of ["run", "state", "mail"]) fs.mkdirSync(path.join(dir, sub));
  fs.chownSync(path.join(dir, "mail"), owner.uid, owner.gid);
  const user = "inbound";
  const password = "imap-test-password";
  fs.writeFileSync(
    path.join(dir, "passwd"),
    `${user}:{PLAIN}${password}:${owner.uid}:${owner.gid}::${dir}/mail/${user}::\n`,
    { mode: 0o644 },
  );
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    fs.writeFileSync(path.join(dir, "dovecot.conf"), config(dir, port, asRoot));
    const child: ChildProcess = spawn(dovecotBin, ["-F", "-c", path.join(dir, "dovecot.conf")], { stdio: "ignore" });
    const until = Date.now() + 10_000;
    while (Date.now() < until && child.exitCode === null && !(await listening(port)))
      await new Promise((r) => setTimeout(r, 50));
    if (child.exitCode !== null || !(await listening(port))) {
      child.kill("SIGKILL");
      continue;
    }
    const client = () =>
      new ImapFlow({
        host: "127.0.0.1",
        port,
        secure: false,
        doSTARTTLS: false,
        auth: { user, pass: password },
        logger: false,
      });
    const session = async <T>(work: (c: ImapFlow) => Promise<T>): Promise<T> => {
      const c = client();
      await c.connect();
      try {
        return await work(c);
      } finally {
        await c.logout();
      }
    };
    return {
      port,
      user,
      password,
      url: `imap://${user}:${password}@127.0.0.1:${port}`,
      append: (raw, folder = "INBOX") => session(async (c) => void (await c.append(folder, raw))),
      count: (folder = "INBOX") =>
        session(async (c) => {
          const status = await c.status(folder, { messages: true, unseen: true });
          return status ? { all: status.messages ?? 0, unseen: status.unseen ?? 0 } : { all: -1, unseen: -1 };
        }),
      stop: () =>
        new Promise<void>((resolve) => {
          const done = () => {
            fs.rmSync(dir, { recursive: true, force: true });
            resolve();
          };
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once("exit", done);
          child.kill("SIGTERM");
        }),
    };
  }
  throw new Error(`dovecot did not start (its log: ${path.join(dir, "dovecot.log")})`);
}
