/**
 * Where the content store meets the images part (s41-images, decision 063): the images an item
 * uses are counted by the images part (`useImage`, `releaseImage` in server/images/images.ts),
 * which deletes an image when its last use is released. The store tells it which images an item
 * holds after each change (server/content/image-uses.ts), in the change's transaction.
 *
 * Until server/images/ is merged there is no images table to count in, so `imageUses` below
 * records nothing. At merge the lead makes it the images part's:
 *
 *   export const imageUses: ImageUses = { use: useImage, release: releaseImage };
 *
 * Tests give the app their own through `buildApp(config, { imageUses })`.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface ImageUses {
  use(db: Kysely<Database>, imageId: string, itemRef: string): Promise<unknown>;
  release(db: Kysely<Database>, imageId: string, itemRef: string): Promise<unknown>;
}

export const imageUses: ImageUses = {
  use: async () => true,
  release: async () => ({ deleted: false }),
};
