/**
 * The console's answers about submissions and the quarantine, as the real server sends them on
 * both databases, parsed with their contracts made strict all the way down: a field the server
 * sends that the contract does not name (or names differently) fails here, not in a page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  inboxAnswer,
  noteAnswer,
  quarantineAnswer,
  quarantinedDetailAnswer,
  releaseAnswer,
  statusAnswer,
  submissionDetailAnswer,
} from "../../contracts/console-answers";
import { buildApp } from "../app";
import { outboxRowsFor } from "../outbox/outbox-rows";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { pdf, validApplicationFields } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";
import { deepStrict } from "../test-support/strict-schema";
import { formDefinitions } from "../../contracts/forms/index";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";

describe.each(backends)("console answers on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  const now = () => clock;
  let cookie: string;
  let ordinary: number;
  let held: number;

  const get = (url: string) => app.inject({ method: "GET", url, headers: { cookie } });
  const post = (url: string, payload: object) =>
    app.inject({ method: "POST", url, headers: { cookie, origin, "content-type": "application/json" }, payload });
  const dataOf = async (res: Promise<{ statusCode: number; json: () => { data: unknown } }>, code = 200) => {
    const answer = await res;
    expect(answer.statusCode).toBe(code);
    return answer.json().data;
  };

  async function application(lastName: string, spam: boolean) {
    const email = `${lastName.toLowerCase()}@example.com`;
    const settings = { ...env.config.mail, webhookUrl: undefined };
    const { id } = await insertSubmission(
      app.storage,
      formDefinitions.application,
      { ...validApplicationFields, lastName, email },
      { ip: "192.0.2.5", userAgent: "Firefox", spam, spamReasons: [{ signal: "test", text: "arranged" }], now: clock },
      outboxRowsFor("application", email, settings),
      { original_name: "cv.pdf", detected_type: "pdf", size: 2048, sha256: "0".repeat(64), content: pdf() },
    );
    return id;
  }

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now });
    ({ cookie } = await signedInStaff(app.storage.db, { role: "admin", name: "Ada Contracts" }, clock));
    ordinary = await application("Ordinaryapplicant", false);
    held = await application("Heldapplicant", true);
  }, 60_000);
  afterAll(() => app.close());

  it("inbox, submission, status and note answers match their contracts exactly", async () => {
    const status = await dataOf(post(`/admin/api/submissions/${ordinary}/status`, { status: "reviewing" }));
    expect(deepStrict(statusAnswer).parse(status)).toMatchObject({
      status: "reviewing",
      deletion: { basis: "arrival" },
    });
    const note = await dataOf(post(`/admin/api/submissions/${ordinary}/notes`, { body: "Strong on payments" }), 201);
    expect(deepStrict(noteAnswer).parse(note)).toMatchObject({ body: "Strong on payments" });

    const inbox = deepStrict(inboxAnswer).parse(await dataOf(post("/admin/api/inbox", {})));
    expect(inbox).toMatchObject({ page: 1, hasMore: false, rows: [{ id: ordinary, status: "reviewing" }] });
    const detail = deepStrict(submissionDetailAnswer).parse(await dataOf(get(`/admin/api/submissions/${ordinary}`)));
    // Every part filled, so each nested contract was checked against something.
    expect(detail.submission).toMatchObject({ id: ordinary, user_agent: "Firefox" });
    expect(detail.submission.name).toMatch(/ Ordinaryapplicant$/);
    expect(detail.submission.fields.length).toBeGreaterThan(0);
    expect(detail.resume).toMatchObject({ detected_type: "pdf", original_name: "cv.pdf" });
    expect(detail.messages.length).toBeGreaterThan(0);
    expect(detail.notes).toEqual([note]);
  });

  it("quarantine list, quarantined submission and release answers match their contracts exactly", async () => {
    const list = deepStrict(quarantineAnswer).parse(await dataOf(get("/admin/api/quarantine")));
    expect(list.map((q) => q.id)).toEqual([held]);
    expect(list[0]!.reasons).toEqual([{ signal: "test", text: "arranged" }]);
    const one = deepStrict(quarantinedDetailAnswer).parse(await dataOf(get(`/admin/api/quarantine/${held}`)));
    expect(one).toMatchObject({ id: held, verdict: "spam", resume: { original_name: "cv.pdf" } });
    expect(one.fields.length).toBeGreaterThan(0);
    const released = await dataOf(post(`/admin/api/quarantine/${held}/release`, { confirm: true }));
    expect(deepStrict(releaseAnswer).parse(released).queued).toBeGreaterThan(0);
  });
});
