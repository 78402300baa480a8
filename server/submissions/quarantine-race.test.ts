/**
 * Two operators deciding one quarantined submission at once, on SQLite and PostgreSQL: one
 * releases it while the other deletes it. Exactly one of them wins, 20 times out of 20: either it
 * is released (ordinary, its messages queued, the delete answered as for a missing id) or it is
 * gone with every message (the release answered as for a missing id). Never released and then
 * deleted, never a review recorded for the side that lost.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { backends, useBackend } from "../test-support/backends";
import { deleteQuarantined, releaseSubmission } from "./quarantine";

type App = Awaited<ReturnType<typeof buildApp>>;
const rounds = 20;

describe.each(backends)("release racing delete on %s", (backend) => {
  const env = useBackend(backend);
  let app: App;
  const now = new Date("2026-11-25T10:00:00.000Z");

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now: () => now });
  }, 60_000);
  afterAll(() => app.close());

  async function quarantined(round: number): Promise<number> {
    const { id } = await app.storage.db
      .insertInto("submissions")
      .values({
        kind: "contact",
        reference: null,
        first_name: "Zoë",
        last_name: `Núñez ${round}`,
        email: `zoe.${round}@example.com`,
        phone: null,
        reason: "Cloud migration",
        position: null,
        feedback_type: null,
        message: "Could you move our billing platform to AWS?",
        ip: "192.0.2.10",
        user_agent: null,
        spam: 1,
        selected: 0,
        created_at: now.toISOString(),
        spam_verdict: "review",
        spam_reasons: JSON.stringify([{ signal: "noscript", text: "sent without JavaScript" }]),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  }

  it(`one of the two wins, ${rounds} times out of ${rounds}`, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < rounds; round++) {
      const id = await quarantined(round);
      const email = `zoe.${round}@example.com`;
      // Alternate which one starts first, so both orders are tried.
      const release = () =>
        releaseSubmission(app.storage, id, "Rosa Release", {
          now,
          messagesFor: () => [{ channel: "email", purpose: "notify", recipient: "team@altivacloud.com" }],
        });
      const remove = () => deleteQuarantined(app.storage, id, "Dan Delete", { now, dataDir: env.config.dataDir });
      const [released, deleted] =
        round % 2 === 0
          ? await Promise.all([release(), remove()])
          : await Promise.all([remove(), release()]).then(([d, r]) => [r, d] as const);

      const row = await app.storage.db.selectFrom("submissions").select("spam").where("id", "=", id).executeTakeFirst();
      const messages = await app.storage.db.selectFrom("outbox").select("id").where("submission_id", "=", id).execute();
      const reviews = await app.storage.db
        .selectFrom("spam_reviews")
        .select("action")
        .where("submission_id", "=", id)
        .execute();
      if (released) {
        expect(deleted, `round ${round}: released, yet deleted too`).toBeUndefined();
        expect(row, `round ${round}`).toEqual({ spam: 0 });
        expect(messages, `round ${round}`).toHaveLength(1);
        expect(reviews.map((r) => r.action)).toEqual(["release"]);
        outcomes.push("released");
      } else {
        expect(deleted?.submissions, `round ${round}: neither released nor deleted`).toBe(1);
        expect(row, `round ${round}`).toBeUndefined();
        expect(messages, `round ${round}`).toHaveLength(0);
        expect(reviews.map((r) => r.action)).toEqual(["delete"]);
        expect(
          await app.storage.db.selectFrom("submissions").select("id").where("email", "=", email).execute(),
        ).toHaveLength(0);
        outcomes.push("deleted");
      }
    }
    expect(outcomes).toHaveLength(rounds);
  });
});
