/**
 * `npm run bench:spam`: the spam defence against the corpus in tests/fixtures/spam/corpus.json
 * and against real visitors. Builds (BENCH_SKIP_BUILD=1 reuses the build), starts the real server
 * on loopback with a real SMTP server (TRUST_PROXY=127.0.0.1,::1, so each case can come from its own address,
 * and the default rate limit of 10 per address), then:
 * 1. sends every corpus case as a bot would, and the flood of 200 from one address;
 * 2. has Chromium fill each of the three forms at a person's pace (tests/support/human-visitor.ts),
 *    10 times each with JavaScript and 2 times each without;
 * 3. sends the human corpus (tests/fixtures/spam/human.json: cover letters with their links,
 *    enquiries with their company's site, lists, accented names) as a person's browser does, with
 *    a valid proof after the time trap, each from its own address;
 * 4. sends the expired proofs once their challenges (SPAM_PROOF_TTL=120000 here) have run out.
 * It prints, per signal and overall, how many corpus submissions were caught (quarantined or
 * refused), how many visitors and human-corpus messages were wrongly flagged, and the
 * notifications each group caused.
 */
import { chromium, type Browser } from "@playwright/test";
import type { Challenge } from "altcha-lib";
import Database from "better-sqlite3";
import { execSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PassThrough } from "node:stream";
import { runCli } from "../server/cli/index";
import { startSmtp } from "../server/test-support/smtp";
import { solve } from "../server/test-support/spam-proof";
import { humanCorpus } from "../tests/support/human-corpus";
import { fillLikeAPerson, formPages, visitorFor, type FormName } from "../tests/support/human-visitor";
import { chromiumArgs, findChromium } from "./browser";
import { startLocalServer } from "./local-server";

interface Case {
  category: string;
  form: FormName;
  transport: "json" | "multipart" | "form";
  proof: "none" | "instant" | "waited" | "replay-first" | "replay" | "expired";
  note: string;
  fields: Record<string, string | boolean>;
}
interface Corpus {
  cases: Case[];
  flood: { count: number; address: string; forms: FormName[]; messages: string[] };
}

const corpus = JSON.parse(fs.readFileSync("tests/fixtures/spam/corpus.json", "utf8")) as Corpus;
const paths: Record<FormName, string> = {
  contact: "/api/contact-us/create",
  feedback: "/api/feedback",
  application: "/api/job-application/apply",
};
const proofTtlMs = 120_000;
const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

if (!process.env.BENCH_SKIP_BUILD) execSync("npm run build", { stdio: "inherit" });
const smtp = await startSmtp();
const server = await startLocalServer({
  // Loopback stands in for the proxy, so each case can name its own address in X-Forwarded-For.
  TRUST_PROXY: "127.0.0.1,::1",
  SMTP_URL: smtp.url,
  OUTBOX_POLL_MS: "200",
  SPAM_PROOF_TTL: String(proofTtlMs),
  LOG_LEVEL: "error",
});
const base = server.base;

async function challenge(): Promise<Challenge> {
  const res = await fetch(`${base}/api/spam-proof/challenge`);
  return (await res.json()) as Challenge;
}

type Outcome = { status: number; message?: string };

async function send(c: Case, email: string, ip: string, altcha?: string): Promise<Outcome> {
  const fields: Record<string, string | boolean> = { ...c.fields, email };
  if (altcha) fields.altcha = altcha;
  const url = `${base}${paths[c.form]}`;
  const headers: Record<string, string> = { "X-Forwarded-For": ip, Origin: base };
  let body: string | FormData;
  if (c.transport === "json") {
    headers["Content-Type"] = "application/json";
    headers["X-Requested-With"] = "XMLHttpRequest";
    body = JSON.stringify(fields);
  } else {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
    if (c.form === "application") form.append("resume", new Blob([pdf], { type: "application/pdf" }), "cv.pdf");
    if (c.transport === "multipart") headers["X-Requested-With"] = "XMLHttpRequest";
    else Object.assign(headers, { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document", Accept: "text/html" });
    body =
      c.transport === "form" && c.form !== "application"
        ? new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString()
        : form;
    if (typeof body === "string") headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  const res = await fetch(url, { method: "POST", headers, body, redirect: "manual" });
  const text = await res.text();
  let message: string | undefined;
  try {
    message = (JSON.parse(text) as { message?: string }).message;
  } catch {
    message = /class="[^"]*alert[^"]*"[^>]*>([\s\S]{0,300}?)</.exec(text)?.[1];
  }
  return { status: res.status, message };
}

const tag = crypto.randomBytes(3).toString("hex");
const results: { c: Case; email: string; outcome: Outcome }[] = [];
const emailOf = (i: number) => `bot${i}.${tag}@growth-partners.biz`;

// The expired proofs are fetched and solved first, and sent at the end.
const expiredCases = corpus.cases.map((c, i) => ({ c, i })).filter(({ c }) => c.proof === "expired");
const expiredProofs = await Promise.all(expiredCases.map(async () => solve(await challenge())));
const expiredFrom = Date.now();

// 1. The corpus, each case from its own address.
const waited: { c: Case; i: number; altcha: string }[] = [];
let replayProof: string | undefined;
for (const [i, c] of corpus.cases.entries()) {
  const ip = `10.20.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  if (c.proof === "expired") continue;
  if (c.proof === "waited") {
    waited.push({ c, i, altcha: await solve(await challenge()) });
    continue;
  }
  let altcha: string | undefined;
  if (c.proof === "instant") altcha = await solve(await challenge());
  if (c.proof === "replay-first") altcha = replayProof = await solve(await challenge());
  if (c.proof === "replay") altcha = replayProof;
  results.push({ c, email: emailOf(i), outcome: await send(c, emailOf(i), ip, altcha) });
}
// Bots that solve the proof and wait out the time trap before sending.
await new Promise((r) => setTimeout(r, 3_500));
for (const { c, i, altcha } of waited) {
  const ip = `10.20.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  results.push({ c, email: emailOf(i), outcome: await send(c, emailOf(i), ip, altcha) });
}
// The flood: 200 varied submissions from one address, no proof.
const flood = corpus.flood;
for (let n = 0; n < flood.count; n++) {
  const form = flood.forms[n % flood.forms.length]!;
  const c: Case = {
    category: "flood (one address)",
    form,
    transport: form === "application" ? "multipart" : "json",
    proof: "none",
    note: flood.messages[n % flood.messages.length]!,
    fields: {
      firstName: ["Alex", "Sam", "Chris", "Pat", "Jordan"][n % 5]!,
      lastName: `Vendor${n}`,
      phone: `41555${String(20_000 + n)}`,
      message: `${flood.messages[n % flood.messages.length]} (${n})`,
      ...(form === "contact" ? { reason: "Partnership", agree: true } : {}),
      ...(form === "feedback" ? { feedbackType: "website", consent: true } : {}),
      ...(form === "application" ? { position: "Backend Developer", agree: "true" } : {}),
    },
  };
  const email = `flood${n}.${tag}@growth-partners.biz`;
  results.push({ c, email, outcome: await send(c, email, flood.address) });
}

async function drained(expected: number, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && smtp.received.length < expected) await new Promise((r) => setTimeout(r, 250));
  // A moment more, so a message sent after the expected count would be seen too.
  await new Promise((r) => setTimeout(r, 1_500));
}
await drained(0, 0);
const corpusMail = smtp.received.length;

// 2. Real visitors in Chromium: 10 per form with JavaScript, 2 per form without.
const browser: Browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
interface VisitorResult {
  form: FormName;
  js: boolean;
  lastName: string;
  successShown: boolean;
  offHost: string[];
}
const visitors: VisitorResult[] = [];
const plan: { form: FormName; js: boolean; n: number }[] = [];
for (const js of [true, false])
  for (const form of ["contact", "feedback", "application"] as const)
    for (let n = 0; n < (js ? 10 : 2); n++) plan.push({ form, js, n: n + (js ? 0 : 50) });

async function visit({ form, js, n }: (typeof plan)[number]): Promise<void> {
  const context = await browser.newContext({
    javaScriptEnabled: js,
    extraHTTPHeaders: {
      "X-Forwarded-For": `10.30.${js ? 1 : 2}.${plan.findIndex((p) => p.n === n && p.form === form && p.js === js) + 1}`,
    },
  });
  await context.addInitScript(() => window.localStorage.setItem("cookiesDeclined", "true"));
  const page = await context.newPage();
  const offHost: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).origin !== base) offHost.push(r.url());
  });
  const v = visitorFor(form, n, tag);
  await page.goto(`${base}${formPages[form].path}`);
  if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await fillLikeAPerson(page, form, v);
  let successShown = false;
  try {
    if (js) {
      await page
        .getByRole("form", { name: formPages[form].label })
        .locator(".alert-success")
        .waitFor({ timeout: 20_000 });
    } else {
      await page.waitForURL(/\/api\/.*\/(sent|received)#form-answer$/, { timeout: 20_000 });
    }
    successShown = true;
  } catch {
    successShown = false;
  }
  visitors.push({ form, js, lastName: v.lastName, successShown, offHost });
  await context.close();
}
// Three visitors at a time; each types at a person's pace, so the run takes a few minutes.
for (let i = 0; i < plan.length; i += 3) await Promise.all(plan.slice(i, i + 3).map(visit));
await browser.close();

// 3. The human corpus: people's own words, sent as their browser sends them (a proof, solved
// while they type, goes with the form after the time trap), each from its own address.
const humanSent: { note: string; email: string; outcome: Outcome }[] = [];
const humanProofs = await Promise.all(humanCorpus.map(async () => solve(await challenge())));
await new Promise((r) => setTimeout(r, 3_500));
for (const [i, m] of humanCorpus.entries()) {
  const c: Case = {
    category: "human",
    form: m.form,
    transport: m.form === "application" ? "multipart" : "json",
    proof: "waited",
    note: m.note,
    fields: m.fields,
  };
  // Tagged, so this run's rows are found again; the words are sent as written.
  const email = String(m.fields.email).replace("@", `.${tag}@`);
  humanSent.push({
    note: m.note,
    email,
    outcome: await send(c, email, `10.40.${Math.floor(i / 250)}.${(i % 250) + 1}`, humanProofs[i]),
  });
}

// 4. The expired proofs, once their challenges have run out.
const left = expiredFrom + proofTtlMs + 2_000 - Date.now();
if (left > 0) await new Promise((r) => setTimeout(r, left));
for (const [k, { c, i }] of expiredCases.entries()) {
  const ip = `10.20.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  results.push({ c, email: emailOf(i), outcome: await send(c, emailOf(i), ip, expiredProofs[k]) });
}

// Everything the visitors and the human corpus should cause: notify + confirm for each.
const jsVisitors = visitors.filter((v) => v.js).length;
await drained(corpusMail + (jsVisitors + humanCorpus.length) * 2);

// Read back what the server stored.
const db = new Database(path.join(server.dataDir, "site.db"), { readonly: true });
interface Row {
  id: number;
  email: string;
  last_name: string;
  spam: number;
  spam_verdict: string | null;
  spam_reasons: string | null;
  messages: number;
}
const rows = db
  .prepare(
    `select id, email, last_name, spam, spam_verdict, spam_reasons,
            (select count(*) from outbox where submission_id = submissions.id) as messages from submissions`,
  )
  .all() as Row[];
db.close();
const byEmail = new Map(rows.map((r) => [r.email, r]));
const byLastName = new Map(rows.map((r) => [r.last_name, r]));

// The operators' list must show every quarantined corpus submission with its reasons.
const out = new PassThrough();
let listed = "";
out.on("data", (c) => (listed += c));
await runCli(
  ["spam", "list"],
  { DATA_DIR: server.dataDir, LOG_LEVEL: "silent" },
  { out, err: new PassThrough(), now: () => new Date() },
);
const listedWithReasons = new Set(
  listed
    .split("\n")
    .map((line) => line.split("\t"))
    .filter((cols) => cols.length >= 8 && cols[7]!.trim() !== "")
    .map((cols) => Number(cols[0])),
);

type Verdict = "refused (proof)" | "refused (rate limit)" | "quarantined" | "accepted" | "error";
const tally = new Map<string, number>();
const bump = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
const perCategory = new Map<string, Record<Verdict, number>>();
let caught = 0;
let corpusMessagesQueued = 0;
let quarantinedListed = 0;
let quarantined = 0;
for (const { c, email, outcome } of results) {
  let verdict: Verdict;
  const row = byEmail.get(email);
  if (outcome.status === 429) {
    verdict = "refused (rate limit)";
    bump("per-address budget (429)");
  } else if (outcome.status === 400 && !row) {
    verdict = "refused (proof)";
    bump(
      `proof refused: ${/expired|open too long/i.test(outcome.message ?? "") ? "expired" : /already been sent/.test(outcome.message ?? "") ? "replayed" : "invalid"}`,
    );
  } else if (row && row.spam === 1) {
    verdict = "quarantined";
    quarantined++;
    if (listedWithReasons.has(row.id)) quarantinedListed++;
    for (const reason of JSON.parse(row.spam_reasons ?? "[]") as { signal: string }[]) bump(reason.signal);
  } else if (row) {
    verdict = "accepted";
  } else {
    verdict = "error";
  }
  if (row) corpusMessagesQueued += row.messages;
  if (verdict !== "accepted" && verdict !== "error") caught++;
  const entry = perCategory.get(c.category) ?? {
    "refused (proof)": 0,
    "refused (rate limit)": 0,
    quarantined: 0,
    accepted: 0,
    error: 0,
  };
  entry[verdict]++;
  perCategory.set(c.category, entry);
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(
  `\nCorpus: ${results.length} submissions (${corpus.cases.length} cases, ${flood.count} from one address)\n`,
);
console.log(
  `${pad("category", 24)}${pad("sent", 6)}${pad("quarantined", 13)}${pad("refused", 9)}${pad("accepted", 9)}`,
);
for (const [category, e] of perCategory) {
  const sent = Object.values(e).reduce((a, b) => a + b, 0);
  console.log(
    `${pad(category, 24)}${pad(sent, 6)}${pad(e.quarantined, 13)}${pad(e["refused (proof)"] + e["refused (rate limit)"], 9)}${pad(e.accepted + e.error, 9)}`,
  );
}
const labels: Record<string, string> = {
  honeypot: "honeypot",
  time: "time trap",
  proof: "no proof of work (script)",
  noscript: "no proof (form post): held for review",
  links: "content: links",
  markup: "content: markup",
  phrases: "content: phrases",
};
console.log(`\nPer signal (a submission may show several):`);
for (const [signal, count] of [...tally].sort((a, b) => b[1] - a[1]))
  console.log(`  ${pad(labels[signal] ?? signal, 42)}${count}`);
console.log(
  `\nOverall caught: ${caught} of ${results.length} (${((100 * caught) / results.length).toFixed(1)} %); quarantined ${quarantined}, listed by \`spam list\` with reasons ${quarantinedListed}`,
);
console.log(`Notifications for the corpus: ${corpusMessagesQueued} queued, ${corpusMail} delivered to the SMTP server`);

console.log(`\nReal visitors (Chromium, typing at a person's pace):`);
for (const js of [true, false]) {
  const group = visitors.filter((v) => v.js === js);
  const stored = group.map((v) => byLastName.get(v.lastName));
  const ordinary = stored.filter((r) => r && r.spam === 0).length;
  const held = stored.filter((r) => r && r.spam_verdict === "review").length;
  const flagged = stored.filter((r) => r && r.spam_verdict === "spam").length;
  const notified = group.filter((v) =>
    smtp.received.some((m) => (m.header("Subject") ?? "").includes(v.lastName)),
  ).length;
  console.log(
    `  ${js ? "with JavaScript   " : "without JavaScript"}  ${group.length} sent, success shown ${group.filter((v) => v.successShown).length}, accepted ${ordinary}, held for review ${held}, flagged as spam ${flagged} (false positives), notified ${notified}, requests to other hosts ${group.reduce((n, v) => n + v.offHost.length, 0)}`,
  );
}

const humanRows = humanSent.map((h) => ({ ...h, row: byEmail.get(h.email) }));
const humanQuarantined = humanRows.filter((h) => h.row && h.row.spam === 1);
const humanAccepted = humanRows.filter((h) => h.row && h.row.spam === 0);
const humanConfirmed = humanRows.filter((h) => smtp.received.some((m) => m.to.includes(h.email))).length;
console.log(
  `\nHuman corpus false positives: ${humanQuarantined.length} of ${humanSent.length} quarantined ` +
    `(tests/fixtures/spam/human.json: cover letters with GitHub, LinkedIn and portfolio links, enquiries with ` +
    `their company's site, lists, accented names); accepted ${humanAccepted.length}, ` +
    `refused ${humanSent.length - humanRows.filter((h) => h.row).length}, confirmation delivered to ${humanConfirmed}`,
);
for (const h of humanQuarantined) console.log(`  quarantined: ${h.note}: ${h.row!.spam_reasons}`);
for (const h of humanRows.filter((x) => !x.row))
  console.log(`  refused: ${h.note}: ${h.outcome.status} ${h.outcome.message ?? ""}`);

server.stop();
await smtp.close();
