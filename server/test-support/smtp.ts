/** A real SMTP server in the test process, keeping every message it receives. */
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable decoded, to search bodies as a reader sees them. */
  decoded: string;
  header(name: string): string | undefined;
}

/** One DATA command: when the message started arriving and when the server answered it. */
export interface DataExchange {
  messageId: string | undefined;
  startedAt: number;
  answeredAt?: number;
}

export interface SmtpOptions {
  /** Answer DATA only this long after the message arrived (a slow or overloaded server). */
  dataDelayMs?: number;
}

export async function startSmtp(port = 0, opts: SmtpOptions = {}) {
  const received: ReceivedMail[] = [];
  const exchanges: DataExchange[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const exchange: DataExchange = { messageId: undefined, startedAt: Date.now() };
      exchanges.push(exchange);
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const head = raw
          .split(/\r?\n\r?\n/)[0]!
          .replace(/\r?\n[ \t]+/g, " ")
          .replace(/\r/g, "");
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          decoded: raw
            .replace(/=\r?\n/g, "")
            .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          header: (name) => new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1],
        };
        exchange.messageId = mail.header("Message-ID");
        // Accepted (kept and answered 250) only when the answer goes out.
        const answer = () => {
          exchange.answeredAt = Date.now();
          received.push(mail);
          callback();
        };
        if (!opts.dataDelayMs) return answer();
        const timer = setTimeout(() => {
          timers.delete(timer);
          answer();
        }, opts.dataDelayMs);
        timers.add(timer);
      });
    },
  });
  // Clients that die mid-conversation (a killed server) reset their sockets: expected here.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    exchanges,
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
