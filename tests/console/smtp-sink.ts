/**
 * The console suite's mail server: a real SMTP server (smtp-server, as the server tests use) that
 * writes each message it accepts to SMTP_SINK_DIR as an .eml file, so a browser test can see what
 * the console sent. Outside the server's DATA_DIR: the erasure specs look for a person's bytes
 * in every file the server keeps, and mail already handed to a mail server is not among them.
 */
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const port = Number(process.env.SMTP_SINK_PORT);
const dir = process.env.SMTP_SINK_DIR!;
fs.mkdirSync(dir, { recursive: true });
let count = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(", ");
      const name = `${Date.now()}-${String(++count).padStart(4, "0")}.eml`;
      // The envelope's recipients first, as a header the test can read.
      fs.writeFileSync(path.join(dir, name), Buffer.concat([Buffer.from(`X-Envelope-To: ${to}\r\n`), ...chunks]));
      callback();
    });
  },
});
server.on("error", () => undefined);
server.listen(port, "127.0.0.1");
