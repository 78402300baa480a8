/**
 * Cookie consent: the one module the site asks before doing anything optional.
 * The cookie notice keeps the spec's two flags (cookiesAccepted / cookiesDeclined); beside them
 * `cookieConsent` holds the richer choice: the categories, the Cookie Policy version it was made
 * under, when, and a random consent id. Each choice is also recorded on the server under that id
 * (GDPR Art. 7(1)), without anything else that identifies the visitor.
 */
import { consentPath, cookiePolicyVersion, type ConsentAction, type OptionalCategory } from "@contracts/consent";

export type ConsentCategory = "essential" | OptionalCategory;
export type ConsentPreferences = Record<ConsentCategory, boolean>;

export const storageKeys = {
  accepted: "cookiesAccepted",
  declined: "cookiesDeclined",
  consent: "cookieConsent",
} as const;

/** What `cookieConsent` holds. */
export interface StoredConsent {
  id: string;
  version: string;
  /** ISO time of the choice. */
  at: string;
  action: ConsentAction;
  performance: boolean;
  functional: boolean;
  marketing: boolean;
}

/** Fired on window whenever consent changes, so listeners (the measurement, the notice) can react. */
export const consentChangeEvent = "consentchange";

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled: behave as if nothing was chosen
  }
}

/**
 * A choice made under another policy version: an acceptance without a record of the current
 * version no longer counts, so the flags go and the notice asks again; a refusal stays a
 * refusal, whatever the version. The cookie notice's head script applies the same rule before the
 * first paint (a unit test runs both on the same cases).
 */
export function dropStaleAcceptance(s: Pick<Storage, "getItem" | "removeItem">): void {
  let c: { version?: unknown } | null = null;
  try {
    c = JSON.parse(s.getItem(storageKeys.consent) || "{}") as { version?: unknown } | null;
  } catch {
    c = null;
  }
  if (s.getItem(storageKeys.accepted) !== null && (!c || c.version !== cookiePolicyVersion)) {
    s.removeItem(storageKeys.accepted);
    s.removeItem(storageKeys.declined);
  }
}

/** dropStaleAcceptance as the head script runs it, on `localStorage`. */
export const dropStaleAcceptanceScript = `var s=localStorage,c;try{c=JSON.parse(s.getItem(${JSON.stringify(storageKeys.consent)})||"{}")}catch(e){c=null}if(s.getItem(${JSON.stringify(storageKeys.accepted)})!==null&&(!c||c.version!==${JSON.stringify(cookiePolicyVersion)})){s.removeItem(${JSON.stringify(storageKeys.accepted)});s.removeItem(${JSON.stringify(storageKeys.declined)})}`;

let checkedStale = false;
function dropStaleOnce(): void {
  const s = storage();
  if (checkedStale || !s) return;
  checkedStale = true;
  try {
    dropStaleAcceptance(s);
  } catch {
    /* unreadable storage counts as no choice */
  }
}

export function readStoredConsent(): StoredConsent | undefined {
  const raw = storage()?.getItem(storageKeys.consent);
  if (!raw) return undefined;
  try {
    const c = JSON.parse(raw) as Partial<StoredConsent>;
    if (typeof c.id !== "string" || typeof c.version !== "string" || typeof c.at !== "string") return undefined;
    return {
      id: c.id,
      version: c.version,
      at: c.at,
      action: c.action ?? "save",
      performance: c.performance === true,
      functional: c.functional === true,
      marketing: c.marketing === true,
    };
  } catch {
    return undefined; // a corrupt entry counts as no choice
  }
}

/** True when the visitor answered the cookie notice or saved settings (under the current policy, if they allowed anything). */
export function hasAnsweredNotice(): boolean {
  const s = storage();
  if (!s) return false;
  dropStaleOnce();
  return s.getItem(storageKeys.accepted) !== null || s.getItem(storageKeys.declined) !== null;
}

const none: ConsentPreferences = { essential: true, performance: false, functional: false, marketing: false };

/** What the visitor allows now: only a choice recorded under the current policy allows anything. */
export function readPreferences(): ConsentPreferences {
  dropStaleOnce();
  const c = readStoredConsent();
  if (!c || c.version !== cookiePolicyVersion || storage()?.getItem(storageKeys.accepted) === null) return { ...none };
  return { essential: true, performance: c.performance, functional: c.functional, marketing: c.marketing };
}

/**
 * Global Privacy Control or Do Not Track: the browser refuses tracking on the visitor's behalf,
 * which rules out measurement and marketing whatever else is stored.
 */
export function browserRefusesTracking(): boolean {
  if (typeof navigator === "undefined") return false;
  const n = navigator as Navigator & { globalPrivacyControl?: boolean };
  const w = window as Window & { doNotTrack?: string };
  return n.globalPrivacyControl === true || n.doNotTrack === "1" || w.doNotTrack === "1";
}

export function hasConsent(category: ConsentCategory): boolean {
  if ((category === "performance" || category === "marketing") && browserRefusesTracking()) return false;
  return readPreferences()[category];
}

/** 128 random bits in hex; kept for later choices so their records belong together. */
function consentId(): string {
  const existing = readStoredConsent()?.id;
  if (existing && /^[0-9a-f]{32}$/.test(existing)) return existing;
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

function choose(action: ConsentAction, prefs: Omit<ConsentPreferences, "essential">): void {
  const s = storage();
  const refused = browserRefusesTracking();
  const record: StoredConsent = {
    id: consentId(),
    version: cookiePolicyVersion,
    at: new Date().toISOString(),
    action,
    performance: prefs.performance && !refused,
    functional: prefs.functional,
    marketing: prefs.marketing && !refused,
  };
  const allowed = record.performance || record.functional || record.marketing;
  if (s) {
    s.setItem(storageKeys.consent, JSON.stringify(record));
    // The spec's flags: exactly one of them says what the visitor answered.
    s.setItem(allowed ? storageKeys.accepted : storageKeys.declined, "true");
    s.removeItem(allowed ? storageKeys.declined : storageKeys.accepted);
  }
  const { id, version, performance, functional, marketing } = record;
  try {
    navigator.sendBeacon(
      consentPath,
      JSON.stringify({
        consentId: id,
        action,
        performance,
        functional,
        marketing,
        policyVersion: version,
        browserRefusal: refused,
      }),
    );
  } catch {
    /* the choice holds in this browser even if it could not be recorded */
  }
  window.dispatchEvent(new Event(consentChangeEvent));
}

/** The cookie notice's Accept: stores cookiesAccepted = true and allows every category. */
export function acceptAll(): void {
  choose("accept", { performance: true, functional: true, marketing: true });
}

/** The cookie notice's Cancel: stores cookiesDeclined = true and allows nothing optional. */
export function declineAll(): void {
  choose("reject", { performance: false, functional: false, marketing: false });
}

/** Cookie Settings' Save Preferences. Also counts as an answer to the notice. */
export function savePreferences(prefs: Omit<ConsentPreferences, "essential">): void {
  choose("save", prefs);
}

/** Cookie Settings' Withdraw consent: as easy as giving it, and effective at once. */
export function withdrawConsent(): void {
  choose("withdraw", { performance: false, functional: false, marketing: false });
}
