/** `copy --email ADDRESS --out FILE.zip`: a person's copy of their data (console/peoples-copy.ts). */
import fs from "node:fs";
import { describeCopy, makePeoplesCopy, peoplesCopyRequest } from "../../console/peoples-copy";
import { CliError, command } from "../command";

export default command({
  name: "copy",
  usage: `  copy --email ADDRESS --out FILE.zip [--consent-id ID ...]
                                 writes everything held about one person (submissions as
                                 JSON, resumes, notes, consent records) to a new zip that
                                 only you may read; audited by reference, never by address
`,
  options: {
    email: { type: "string" },
    out: { type: "string" },
    "consent-id": { type: "string", multiple: true },
  },
  audited: { copy: "copy" },
  notAudited: {},
  async run({ storage, values, io, print, audit }) {
    const { email, out } = values as { email?: string; out?: string };
    if (!email || !out) throw new CliError("copy needs --email ADDRESS and --out FILE.zip.");
    const request = peoplesCopyRequest.safeParse({ email, consentIds: values["consent-id"] ?? [] });
    if (!request.success) throw new CliError(request.error.issues[0]!.message);
    const copy = await makePeoplesCopy(storage, request.data, io.now());
    let fd: number;
    try {
      // A new file only: an existing one might be readable by others (its mode stays).
      fd = fs.openSync(out, "wx", 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST")
        throw new CliError(`${out} already exists: give a new file name.`);
      throw error;
    }
    await copy.write(fs.createWriteStream("", { fd }));
    await audit("copy", { detail: describeCopy(copy) });
    print(`wrote ${out}: ${describeCopy(copy)}`);
    return 0;
  },
});
