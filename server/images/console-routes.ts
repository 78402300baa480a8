/**
 * The console's image API under /admin/api/content/images (issue 41, decision 063), for those
 * who hold "content:edit": upload (multipart, one file, checked by its content), read an image's
 * metadata, move its focal point, and the variants' bytes for the console's own preview (the
 * console may run on another origin than the site's /media, and its CSP allows only 'self').
 * Uploads and focal points are audited by the image's id, never by the file's name.
 */
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { focalInput, type ImageAnswer } from "../../contracts/content/image";
import { needs } from "../console/access";
import { appendAudit } from "../console/audit";
import { fail, notFound, staffOf } from "../console/http";
import type { RouteContext } from "../console/route-context";
import { imageOf, moveFocalPoint, saveImage } from "./images";
import { sendVariant } from "./media-route";

/** 20 MB: a camera's full-size JPEG fits; anything larger is refused before it is read whole. */
export const maxUploadBytes = 20 * 1024 * 1024;

const idParams = z.object({ id: z.string().regex(/^[a-f0-9]{24}$/) });
const edits = needs("content:edit");

export async function imageRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { storage, now } = ctx;

  // Multipart for these routes only: the rest of the console takes JSON.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: maxUploadBytes, files: 1, fields: 0, parts: 1, headerPairs: 20 },
      throwFileSizeLimit: true,
    });

    scope.post("/admin/api/content/images", edits, async (req, reply) => {
      if (!req.isMultipart()) return fail(reply, 415, "Send the image as multipart/form-data.");
      let bytes: Buffer;
      try {
        const file = await req.file();
        if (!file) return fail(reply, 400, "Choose an image to upload.");
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
          return fail(reply, 413, `The image is larger than ${maxUploadBytes / 1024 / 1024} MB.`);
        }
        return fail(reply, 400, "The upload could not be read: send one image as multipart/form-data.");
      }
      const staff = staffOf(req);
      const saved = await saveImage(storage, bytes, { staffId: staff.id }, now());
      if (!saved.ok) return fail(reply, 422, saved.reason);
      const { image } = saved;
      await appendAudit(
        storage.db,
        {
          staff,
          action: "image uploaded",
          subject: `image ${image.id}`,
          detail: `${image.sourceFormat.toUpperCase()}, ${image.width} × ${image.height}`,
        },
        now(),
      );
      return reply.code(201).send({ status: true, data: image satisfies ImageAnswer });
    });
  });

  app.get("/admin/api/content/images/variants/:name", edits, async (req, reply) => {
    const { name } = req.params as { name: string };
    return sendVariant(storage, req, reply, name, "private, max-age=31536000, immutable");
  });

  app.get("/admin/api/content/images/:id", edits, async (req, reply) => {
    const params = idParams.safeParse(req.params);
    const image = params.success ? await imageOf(storage.db, params.data.id) : undefined;
    if (!image) return notFound(reply);
    return { status: true, data: image satisfies ImageAnswer };
  });

  app.patch("/admin/api/content/images/:id", edits, async (req, reply) => {
    const params = idParams.safeParse(req.params);
    if (!params.success) return notFound(reply);
    const body = focalInput.safeParse(req.body);
    if (!body.success) return fail(reply, 400, "Give the focal point as x and y between 0 and 1.");
    const image = await moveFocalPoint(storage, params.data.id, body.data.focal);
    if (!image) return notFound(reply);
    const { x, y } = image.focal;
    await appendAudit(
      storage.db,
      {
        staff: staffOf(req),
        action: "image focal point",
        subject: `image ${image.id}`,
        detail: `x ${x.toFixed(2)}, y ${y.toFixed(2)}`,
      },
      now(),
    );
    return { status: true, data: image satisfies ImageAnswer };
  });
}
