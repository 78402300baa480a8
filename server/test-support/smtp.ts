/** A real SMTP server in the test process, keeping every message it receives. */
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable decoded, to search bodies as a reader sees them. */
  decoded: string;
  header(name: string): string | undefined;
}

export async function startSmtp(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const head = raw
          .split(/\r?\n\r?\n/)[0]!
          .replace(/\r?\n[ \t]+/g, " ")
          .replace(/\r/g, "");
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          decoded: raw
            .replace(/=\r?\n/g, "")
            .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          header: (name) => new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1],
        });
        callback();
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
