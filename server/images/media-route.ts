/**
 * GET /media/<id>-<rev>-<aspect>-<width>.<avif|webp>: an image variant from the database, the
 * same on every instance. The address names the bytes (the rev changes when the crops are cut
 * again), so the answer is cached for a year as immutable; anything else under /media is 404.
 * AVIF and WebP are compressed already: a gzip or brotli copy would be no smaller.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { parseMediaName } from "../../contracts/content/image";
import type { Storage } from "../db/db";
import { variantBytes } from "./images";

const contentTypes = { avif: "image/avif", webp: "image/webp" } as const;

/** Answers one variant by its file name; `cacheControl` differs for the console's preview (private). */
export async function sendVariant(
  storage: Storage,
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  cacheControl: string,
) {
  const variant = parseMediaName(name);
  const bytes = variant && (await variantBytes(storage.db, variant));
  if (!variant || !bytes) {
    return reply.code(404).type("text/plain; charset=utf-8").header("Cache-Control", "no-store").send("Not found.");
  }
  // The name is the bytes' identity: the same name always answers the same bytes.
  const etag = `"${name}"`;
  reply.header("Cache-Control", cacheControl).header("ETag", etag).header("X-Content-Type-Options", "nosniff");
  if (req.headers["if-none-match"] === etag) return reply.code(304).send();
  return reply.type(contentTypes[variant.format]).send(bytes);
}

export const mediaRoutes: FastifyPluginAsync<{ storage: Storage }> = async (app: FastifyInstance, opts) => {
  app.get<{ Params: { name: string } }>("/media/:name", (req, reply) =>
    sendVariant(opts.storage, req, reply, req.params.name, "public, max-age=31536000, immutable"),
  );
};
