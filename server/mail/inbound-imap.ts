/**
 * Reads the answers mailbox over IMAP (imapflow) every INBOUND_POLL_MS (issue 44,
 * docs/decisions/058). Each unread message is parsed (inbound-parse.ts) and offered to its
 * conversation (replies/inbound.ts). An attached one, or one another instance attached first, is
 * deleted from the mailbox: the console holds it now, and a copy left in a mailbox is one that no
 * erasure reaches. One that attaches to nothing is left there, marked read, for people to see in
 * their mail program; nothing of it is stored. Several instances may read the same mailbox: the
 * unique source key lets one of them attach a message, once.
 */
import { scoresAsSpam } from "../spam/verdict";
import { ImapFlow } from "imapflow";
import type { Config } from "../config";
import type { Storage } from "../db/db";
import { attachInbound, sourceKeyOf } from "../replies/inbound";
import { parseInbound } from "./inbound-parse";

/** Largest message read: bigger ones carry attachments we would drop anyway. */
const maxMessageBytes = 5 * 1024 * 1024;
/** Messages handled per pass, so one pass stays short; the rest wait for the next. */
const batch = 50;

export interface InboundPass {
  attached: number;
  duplicates: number;
  unmatched: number;
}

export function imapOptions(config: Config) {
  const url = new URL(config.inbound.imapUrl!);
  const secure = url.protocol === "imaps:";
  return {
    host: url.hostname,
    port: Number(url.port) || (secure ? 993 : 143),
    secure,
    // imap:// upgrades with STARTTLS, and refuses a server without it unless tests allow plain.
    doSTARTTLS: secure ? undefined : !config.inbound.allowPlain,
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    logger: false as const,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  };
}

export function createInboundReader(deps: {
  config: Config;
  storage: Storage;
  now?: () => Date;
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void };
}) {
  const { config, storage, now = () => new Date(), log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  /** One pass: connects, handles up to `batch` unread messages, logs out. */
  async function runOnce(): Promise<InboundPass> {
    const pass: InboundPass = { attached: 0, duplicates: 0, unmatched: 0 };
    const client = new ImapFlow(imapOptions(config));
    await client.connect();
    try {
      const lock = await client.getMailboxLock(config.inbound.folder);
      try {
        const mailbox = client.mailbox;
        const validity = mailbox ? String(mailbox.uidValidity) : "0";
        const unseen = ((await client.search({ seen: false }, { uid: true })) || []).slice(0, batch);
        const done: number[] = [];
        const seen: number[] = [];
        for (const uid of unseen) {
          const message = await client.fetchOne(String(uid), { uid: true, size: true }, { uid: true });
          if (!message || (message.size ?? 0) > maxMessageBytes) {
            seen.push(uid);
            pass.unmatched++;
            continue;
          }
          const { content } = await client.download(String(uid), undefined, { uid: true });
          const chunks: Buffer[] = [];
          for await (const chunk of content ?? []) chunks.push(chunk as Buffer);
          const mail = await parseInbound(Buffer.concat(chunks));
          const outcome = await attachInbound(storage, mail, {
            inboundEmail: config.inbound.email,
            sourceKey: sourceKeyOf(mail, `imap:${validity}:${uid}`),
            now: now(),
            isSpam: scoresAsSpam,
          });
          if ("attached" in outcome) pass.attached++;
          else if ("duplicate" in outcome) pass.duplicates++;
          else pass.unmatched++;
          if ("unmatched" in outcome) seen.push(uid);
          else done.push(uid);
        }
        if (seen.length > 0) await client.messageFlagsAdd(seen.join(","), ["\\Seen"], { uid: true });
        if (done.length > 0) await client.messageDelete(done.join(","), { uid: true });
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
    // Counts only: no address, subject or word of a message reaches the log.
    if (pass.attached + pass.duplicates + pass.unmatched > 0) log?.info({ ...pass }, "inbound mail read");
    return pass;
  }

  function schedule(delay: number) {
    if (!stopped) timer = setTimeout(tick, delay);
  }

  async function tick() {
    running = runOnce().catch((error: unknown) => {
      log?.warn({ err: error instanceof Error ? error.message : String(error) }, "inbound mail pass failed");
    });
    await running;
    schedule(config.inbound.pollMs);
  }

  return {
    runOnce,
    start() {
      if (!config.inbound.imapUrl || !stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
