/**
 * Reads a submission's body into plain fields (and at most one file), whatever the
 * encoding: JSON from the site's scripts, application/x-www-form-urlencoded or
 * multipart/form-data from a browser posting the form itself.
 */
import type { FastifyRequest } from "fastify";

export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

export type ReadBody = { fields: Record<string, string>; file?: UploadedFile } | { problem: string };

/**
 * A form-encoded body as fields; a name sent twice is kept as `repeated` so the reader can refuse
 * it as the multipart reader does.
 */
export function parseUrlEncoded(body: string): { fields: Record<string, string>; repeated?: string } {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (Object.hasOwn(fields, name)) return { fields, repeated: name };
    fields[name] = value;
  }
  return { fields };
}

/** The multipart parts of a request: text fields and at most one file, sent under the form's file field. */
export async function readMultipart(req: FastifyRequest, fileField: string | undefined): Promise<ReadBody> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  for await (const part of req.parts()) {
    if (part.type === "file") {
      if (part.fieldname !== fileField || file) {
        // Drain what is left of the stream before answering.
        await part.toBuffer().catch(() => undefined);
        return { problem: "Please attach exactly one resume." };
      }
      file = { name: part.filename, bytes: await part.toBuffer() };
    } else if (typeof part.value === "string") {
      if (part.fieldname in fields) {
        return { problem: `The field ${part.fieldname.slice(0, 40)} was sent twice.` };
      }
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}

/** The fields of a browser's own form post, urlencoded (parsed by the route's body parser) or multipart. */
export async function readBrowserForm(req: FastifyRequest, fileField: string | undefined): Promise<ReadBody> {
  if (req.isMultipart()) return readMultipart(req, fileField);
  const body = req.body as ReturnType<typeof parseUrlEncoded> | undefined;
  if (!body || typeof body !== "object" || !("fields" in body)) return { problem: "The form could not be read." };
  if (body.repeated) return { problem: `The field ${body.repeated.slice(0, 40)} was sent twice.` };
  return { fields: body.fields };
}
