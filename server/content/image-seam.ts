/**
 * Where the content store meets the images (server/images/, decision 063): the images an item
 * uses are counted by `useImage` and `releaseImage`, and the last release deletes the image. The
 * store tells them which images an item holds after each change (server/content/image-uses.ts), in
 * the change's transaction. Tests give the app their own through `buildApp(config, { imageUses })`.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { releaseImage, useImage } from "../images/images";

export interface ImageUses {
  use(db: Kysely<Database>, imageId: string, itemRef: string): Promise<unknown>;
  release(db: Kysely<Database>, imageId: string, itemRef: string): Promise<unknown>;
}

export const imageUses: ImageUses = { use: useImage, release: releaseImage };
