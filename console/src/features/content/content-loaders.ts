/**
 * The content pages' route loaders: a collection's list (with the company's time zone), and one
 * item with its history and its hero image's metadata, or a new item's blank form.
 */
import { imageAnswer, type ImageAnswer } from "@contracts/content/image";
import type { CollectionName } from "@contracts/content/items";
import { api } from "../../api";
import { heroImageId } from "./form-values";
import { contentApi } from "./content-api";

export function contentListLoader(collection: CollectionName) {
  return async () => ({ collection, ...(await contentApi.list(collection)) });
}

/** An image's metadata for the image field; null when it is gone (the field then asks for another). */
export async function imageOf(id: string | undefined): Promise<ImageAnswer | null> {
  if (!id) return null;
  try {
    return await api(`content/images/${id}`, imageAnswer);
  } catch {
    return null;
  }
}

export function contentItemLoader(collection: CollectionName) {
  return async (id: number) => {
    const [list, item, history] = await Promise.all([
      contentApi.list(collection),
      id === 0 ? null : contentApi.item(collection, id),
      id === 0 ? null : contentApi.revisions(collection, id),
    ]);
    return {
      collection,
      timeZone: list.timeZone,
      item,
      heroImage: item ? await imageOf(heroImageId(item.draft)) : null,
      revisions: history?.revisions ?? [],
    };
  };
}
export type ContentItemData = Awaited<ReturnType<ReturnType<typeof contentItemLoader>>>;
