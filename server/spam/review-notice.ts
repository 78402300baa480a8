/**
 * The staff notice for submissions held for review (sent without JavaScript, so without a proof
 * of work; verdict.ts): at most once an hour, one e-mail to NOTIFY_EMAIL saying how many new ones
 * wait and the command that lists them. No name, address or message is in it, so the notice is
 * the same whether a person or a bot sent them. The last noticed submission id is kept in the
 * `counters` table and moved with a compare-and-set, so several instances send one notice.
 */
import type { Config } from "../config";
import { newMessageId } from "../outbox/outbox-rows";
import type { MailTransport } from "../mail/transport";
import type { Storage } from "../db/db";

const counter = "spam-review-noticed";

export async function sendReviewNotice(
  storage: Storage,
  transport: MailTransport,
  config: Pick<Config, "mail">,
): Promise<number> {
  const { db } = storage;
  await db
    .insertInto("counters")
    .values({ name: counter, value: 0 })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const last = (await db.selectFrom("counters").select("value").where("name", "=", counter).executeTakeFirstOrThrow())
    .value;
  const waiting = await db
    .selectFrom("submissions")
    .select([(eb) => eb.fn.countAll<number>().as("count"), (eb) => eb.fn.max("id").as("latest")])
    .where("spam_verdict", "=", "review")
    .where("id", ">", last)
    .executeTakeFirstOrThrow();
  const count = Number(waiting.count);
  if (count === 0 || waiting.latest === null) return 0;
  const claimed = await db
    .updateTable("counters")
    .set({ value: Number(waiting.latest) })
    .where("name", "=", counter)
    .where("value", "=", last)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return 0;
  const subject = `${count} new ${count === 1 ? "submission awaits" : "submissions await"} review`;
  const text = [
    `${count} ${count === 1 ? "submission was" : "submissions were"} sent from a browser without JavaScript, so without the proof of work the site's forms compute.`,
    "Nothing else marked them as spam. They are held, and no notification or confirmation was sent for them.",
    "",
    "List them:    npm run admin -- spam list --review",
    "Release one:  npm run admin -- spam release ID   (its notification and confirmation go out then)",
    "Delete one:   npm run admin -- spam delete ID",
  ].join("\n");
  try {
    await transport.send({
      from: config.mail.from,
      to: config.mail.notifyEmail,
      subject,
      text,
      html: `<pre style="font: 14px/1.5 sans-serif; white-space: pre-wrap">${text}</pre>`,
      messageId: newMessageId(),
    });
  } catch (error) {
    // Not sent: the next run notices them again.
    await db.updateTable("counters").set({ value: last }).where("name", "=", counter).execute();
    throw error;
  }
  return count;
}
