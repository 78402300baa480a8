/** Each person's signature (decision 073): read where their replies and decision e-mails are composed. */
import type { Kysely } from "kysely";
import { normalSignature } from "../../contracts/signature";
import type { Database } from "../db/schema";

type Reader = Pick<Kysely<Database>, "selectFrom">;

/** The person's signature, or null when they have none (or are gone). */
export async function signatureOf(db: Reader, staffId: number): Promise<string | null> {
  const row = await db.selectFrom("staff").select("signature").where("id", "=", staffId).executeTakeFirst();
  return row?.signature || null;
}

/** Keeps the person's own signature, normalised; an empty one is none. Checked by the caller. */
export async function saveSignature(db: Kysely<Database>, staffId: number, text: string): Promise<string | null> {
  const signature = normalSignature(text) || null;
  await db.updateTable("staff").set({ signature }).where("id", "=", staffId).execute();
  return signature;
}
