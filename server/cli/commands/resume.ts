/** `resume <application number>`: writes the stored resume, named from its detected type. */
import fs from "node:fs";
import path from "node:path";
import { storedResume } from "../../submissions/submission-record";
import { resumeFileName } from "../../uploads/resume-name";
import { CliError, command, isDirectory, openPrivateFile } from "../command";

export default command({
  name: "resume",
  usage: `  resume <application number> [--out FILE|FOLDER]
                                 writes the stored resume, named
                                 <application number>-resume.<pdf|doc|docx> unless FILE is given
`,
  options: { out: { type: "string" } },
  audited: { resume: "resume download" },
  notAudited: {},
  async run({ storage, positionals, values, print, audit }) {
    const reference = positionals[0];
    if (!reference) throw new CliError("resume needs an application number.");
    const row = await storedResume(storage.db, reference);
    if (!row) throw new CliError(`No application ${reference}.`);
    // Named from the detected type, never the uploaded name (a PDF named cv.html stays a PDF).
    const name = resumeFileName(reference, row.detected_type);
    const given = values.out as string | undefined;
    const out = !given ? name : isDirectory(given) ? path.join(given, name) : given;
    const fd = openPrivateFile(out);
    try {
      fs.writeFileSync(fd, Buffer.from(row.content));
    } finally {
      fs.closeSync(fd);
    }
    print(`wrote ${out} (${row.detected_type}; uploaded as ${JSON.stringify(row.original_name)})`);
    await audit("resume", { submissionId: row.id, subject: reference });
    return 0;
  },
});
