/** `erase --email ADDRESS`: deletes everything held about one person (storage/erasure.ts). */
import { subjectOf } from "../../console/views/submission-view";
import { describeErasure, eraseByEmail } from "../../retention/erasure";
import { submissionsOf } from "../../submissions/submission-record";
import { CliError, command } from "../command";

export default command({
  name: "erase",
  usage: `  erase --email ADDRESS          deletes everything held about one person, with its mail
                                 files, and tells the webhook receiver
`,
  options: { email: { type: "string" } },
  audited: { erase: "erasure" },
  notAudited: {},
  async run({ storage, config, values, io, print, audit }) {
    const email = values.email as string | undefined;
    if (!email) throw new CliError("erase needs --email ADDRESS.");
    // The entry names what went by reference, never by the address.
    const erased = await submissionsOf(storage.db, email);
    const removed = await eraseByEmail(storage, email, {
      dataDir: config.dataDir,
      webhookUrl: config.webhookUrl,
      reason: "request",
      now: io.now(),
    });
    print(`erased for ${email}: ${describeErasure(removed)}`);
    await audit("erase", { subject: erased.map(subjectOf).join(", ") || null, detail: describeErasure(removed) });
    return 0;
  },
});
