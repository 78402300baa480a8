/**
 * The console's export against the real server and real databases (SQLite and PostgreSQL): each
 * row carries its status, notes and conversation (replies sent, answers received by e-mail), every row of a view larger than one page of reading comes
 * out once and in order, a request from another origin (or `Origin: null`) is refused, and the
 * console's page asks browsers for a referrer policy under which its own form posts carry their
 * origin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { csvRow } from "../exports/csv";
import { insertSubmission } from "../submissions/submissions";
import { backends, useBackend } from "../test-support/backends";
import { validContact } from "../test-support/fixtures";
import { signedInStaff } from "../test-support/staff";
import { consoleExportColumns } from "./export-routes";
import { formDefinitions } from "../../contracts/forms/index";

type App = Awaited<ReturnType<typeof buildApp>>;
const origin = "https://www.altivacloud.com";
/** More rows than the export reads at once (200), all received in the same millisecond. */
const manyRows = 430;

describe.each(backends)("the console's export on %s", (backend) => {
  const env = useBackend(backend, { RATE_LIMIT_MAX: "0" });
  let app: App;
  const clock = new Date("2026-11-23T09:00:00.000Z");
  const now = () => clock;
  let sales: { cookie: string };
  let noted: number;

  const post = (url: string, cookie: string, payload: object, from: string | null = origin) =>
    app.inject({
      method: "POST",
      url,
      headers: { cookie, "content-type": "application/json", ...(from === null ? {} : { origin: from }) },
      payload,
    });
  const contact = (lastName: string) =>
    insertSubmission(
      app.storage,
      formDefinitions.contact,
      { ...validContact, lastName, email: `${lastName.toLowerCase()}@example.com` },
      { ip: "192.0.2.4", userAgent: null, spam: false, now: clock },
      [],
    );

  beforeAll(async () => {
    app = await buildApp(env.config, { serveSite: false, now });
    sales = await signedInStaff(app.storage.db, { role: "sales", name: "Noor Seller" }, clock);
    noted = (await contact("Notedcontact")).id;
    for (let i = 0; i < manyRows; i++) await contact(`Bulk${i}`);
    expect(
      (await post(`/admin/api/submissions/${noted}/status`, sales.cookie, { status: "answered" })).statusCode,
    ).toBe(200);
    for (const body of ["Called back; wants a quote", "=SUM(A1) sent\nsecond line"]) {
      expect((await post(`/admin/api/submissions/${noted}/notes`, sales.cookie, { body })).statusCode).toBe(201);
    }
    // A reply sent at 10:00 and the customer's answer to it, written at 11:30, received at 11:31;
    // inserted in the other order, so the export's order is the times', not the tables'.
    await app.storage.db
      .insertInto("inbound_messages")
      .values({
        submission_id: noted,
        source_key: "<answer-export@example.com>",
        message_id: "<answer-export@example.com>",
        sender: "notedcontact@example.com",
        subject: "Re: Your enquiry",
        body: "=Thanks, Tuesday works.\nBest",
        attachments_refused: 0,
        sent_at: "2026-11-23T11:30:00.000Z",
        received_at: "2026-11-23T11:31:00.000Z",
      })
      .execute();
    await app.storage.db
      .insertInto("submission_replies")
      .values({
        submission_id: noted,
        message_id: "<reply-export@altivacloud.com>",
        in_reply_to: null,
        template: null,
        subject: "Re: Your enquiry",
        body: "Can we call on Tuesday?",
        staff_id: null,
        staff_name: "Noor Seller",
        created_at: "2026-11-23T10:00:00.000Z",
        quote: null,
        thread_references: null,
      })
      .execute();
  }, 120_000);
  afterAll(() => app.close());

  it("gives each row its status, notes and conversation: CSV one cell each (a dated line per note, a paragraph per message, oldest first), JSON lists", async () => {
    const csv = await post("/admin/api/export", sales.cookie, { format: "csv", q: "notedcontact" });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csv.body.split("\r\n").filter(Boolean);
    expect(`${header}\r\n`).toBe(csvRow(consoleExportColumns));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(
      /,"answered","2026-11-23T09:00:00\.000Z Noor Seller: Called back; wants a quote\n2026-11-23T09:00:00\.000Z Noor Seller: =SUM\(A1\) sent\nsecond line",/,
    );
    expect(rows[0]).toMatch(
      /,"2026-11-23T10:00:00\.000Z reply from Noor Seller: Re: Your enquiry\nCan we call on Tuesday\?\n\n2026-11-23T11:30:00\.000Z answer from notedcontact@example\.com: Re: Your enquiry\n=Thanks, Tuesday works\.\nBest"$/,
    );

    const json = await post("/admin/api/export", sales.cookie, { format: "json", q: "notedcontact" });
    const [row] = JSON.parse(json.body) as Record<string, unknown>[];
    expect(Object.keys(row!)).toEqual([...consoleExportColumns]);
    expect(row).toMatchObject({
      status: "answered",
      notes: [
        { staff_name: "Noor Seller", body: "Called back; wants a quote", created_at: clock.toISOString() },
        { staff_name: "Noor Seller", body: "=SUM(A1) sent\nsecond line", created_at: clock.toISOString() },
      ],
      conversation: [
        {
          direction: "reply",
          at: "2026-11-23T10:00:00.000Z",
          from: "Noor Seller",
          subject: "Re: Your enquiry",
          body: "Can we call on Tuesday?",
        },
        {
          direction: "answer",
          at: "2026-11-23T11:30:00.000Z",
          from: "notedcontact@example.com",
          subject: "Re: Your enquiry",
          body: "=Thanks, Tuesday works.\nBest",
        },
      ],
    });
  });

  it("exports every row of a view larger than one read once, newest first, ties by id", async () => {
    const json = await post("/admin/api/export", sales.cookie, { format: "json" });
    const rows = JSON.parse(json.body) as { id: number; created_at: string; notes: unknown[] }[];
    const stored = await app.storage.db
      .selectFrom("submissions")
      .select("id")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    expect(stored).toHaveLength(manyRows + 1);
    expect(rows.map((r) => r.id)).toEqual(stored.map((r) => r.id));
    expect(rows.filter((r) => r.notes.length > 0).map((r) => r.id)).toEqual([noted]);
    const csv = await post("/admin/api/export", sales.cookie, { format: "csv" });
    expect(csv.body.split("\r\n").filter(Boolean)).toHaveLength(manyRows + 2);
  });

  it("refuses an export asked for by another origin, by an opaque origin (`null`) or without one", async () => {
    for (const from of ["https://evil.example", "null", null]) {
      const res = await post("/admin/api/export", sales.cookie, { format: "csv" }, from);
      expect(res.statusCode, String(from)).toBe(403);
      expect(res.body).not.toContain("Notedcontact");
    }
    // The page's own form post, with the console's origin, is answered.
    const form = await app.inject({
      method: "POST",
      url: "/admin/api/export",
      headers: { cookie: sales.cookie, origin, "content-type": "application/x-www-form-urlencoded" },
      payload: "format=csv&q=notedcontact",
    });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain("Notedcontact");
  });

  it("serves the console's pages with a referrer policy that keeps the origin on its own form posts", async () => {
    for (const url of ["/admin", "/admin/submissions/1"]) {
      const page = await app.inject({ method: "GET", url });
      expect(page.headers["referrer-policy"], url).toBe("same-origin");
    }
  });
});
