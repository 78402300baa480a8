import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { cookiePolicyVersion } from "@contracts/consent";
import { cookieNoticeHeadScript } from "~/components/layout/cookie-notice";
import { browserFamily, viewportClass } from "./analytics/collector";
import { readPreferences } from "./consent";
import { formName } from "./form-measure";

class MemoryStorage {
  items = new Map<string, string>();
  constructor(init: Record<string, string>) {
    for (const [k, v] of Object.entries(init)) this.items.set(k, v);
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  snapshot() {
    return Object.fromEntries(this.items);
  }
}

const record = (version: string) =>
  JSON.stringify({ consentId: "a".repeat(32), policyVersion: version, at: "2026-01-01T00:00:00Z" });

/** Stored states and whether the notice must show for each. */
const cases: { name: string; stored: Record<string, string>; noticeShown: boolean }[] = [
  { name: "nothing stored", stored: {}, noticeShown: true },
  { name: "a bare refusal (the spec's flag alone)", stored: { cookiesDeclined: "true" }, noticeShown: false },
  {
    name: "a refusal under an older policy",
    stored: { cookiesDeclined: "true", cookieConsent: record("2020-01-01") },
    noticeShown: false,
  },
  {
    name: "an acceptance under the current policy",
    stored: { cookiesAccepted: "true", cookieConsent: record(cookiePolicyVersion) },
    noticeShown: false,
  },
  {
    name: "an acceptance under an older policy",
    stored: { cookiesAccepted: "true", cookieConsent: record("2020-01-01") },
    noticeShown: true,
  },
  { name: "an acceptance with no record of its policy", stored: { cookiesAccepted: "true" }, noticeShown: true },
  {
    name: "an acceptance with a corrupt record",
    stored: { cookiesAccepted: "true", cookieConsent: "{oops" },
    noticeShown: true,
  },
];

function runHeadScript(stored: Record<string, string>) {
  const localStorage = new MemoryStorage(stored);
  const classes = new Set<string>();
  const document = { documentElement: { classList: { add: (c: string) => classes.add(c) } } };
  vm.runInNewContext(cookieNoticeHeadScript, { localStorage, document });
  return { shown: classes.has("show-cookie-notice"), storage: localStorage.snapshot() };
}

describe("a choice made under another Cookie Policy version", () => {
  for (const c of cases) {
    it(`${c.name}: the notice ${c.noticeShown ? "asks again" : "stays away"}`, () => {
      const head = runHeadScript(c.stored);
      expect(head.shown).toBe(c.noticeShown);
      // The spec's rule holds after the head script: shown exactly when neither flag is stored.
      const answered = "cookiesAccepted" in head.storage || "cookiesDeclined" in head.storage;
      expect(answered).toBe(!c.noticeShown);
      // The richer record stays, so the consent id carries over to the next choice.
      expect(head.storage.cookieConsent).toBe(c.stored.cookieConsent);
    });
  }

  it("only a record of the current version allows anything", () => {
    const allowing = (version: string) =>
      JSON.stringify({
        consentId: "b".repeat(32),
        policyVersion: version,
        at: "2026-11-23T10:00:00Z",
        performance: true,
        functional: true,
        marketing: true,
      });
    const prefsWith = (stored: Record<string, string>) => {
      const localStorage = new MemoryStorage(stored);
      const g = globalThis as { window?: unknown };
      g.window = { localStorage };
      try {
        return readPreferences();
      } finally {
        delete g.window;
      }
    };
    expect(prefsWith({ cookiesAccepted: "true", cookieConsent: allowing(cookiePolicyVersion) }).performance).toBe(true);
    expect(prefsWith({ cookiesAccepted: "true", cookieConsent: allowing("2020-01-01") }).performance).toBe(false);
    expect(prefsWith({ cookiesAccepted: "true" }).performance).toBe(false);
    expect(prefsWith({ cookiesDeclined: "true", cookieConsent: allowing(cookiePolicyVersion) }).performance).toBe(
      false,
    );
  });
});

describe("what a measurement says about the browser", () => {
  it("names the browser's family only", () => {
    const chrome =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
    expect(browserFamily(chrome)).toBe("chrome");
    expect(browserFamily(`${chrome} Edg/142.0.0.0`)).toBe("edge");
    expect(browserFamily("Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0")).toBe("firefox");
    expect(
      browserFamily(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("safari");
    expect(browserFamily("curl/8.5.0")).toBe("other");
  });
  it("puts the viewport in Bootstrap's size classes", () => {
    expect([375, 576, 800, 1000, 1280].map(viewportClass)).toEqual(["xs", "sm", "md", "lg", "xl"]);
  });
  it("calls a form by its accessible name", () => {
    const form = (label: string) => ({ getAttribute: () => label }) as unknown as HTMLFormElement;
    expect(formName(form("Contact form"))).toBe("contact");
    expect(formName(form("Job application form"))).toBe("job-application");
    expect(formName(form("Feedback form"))).toBe("feedback");
  });
});
