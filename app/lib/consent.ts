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

/** What `cookieConsent` holds: the consent record as sent to the server, plus the time of the choice. */
export interface StoredConsent {
  consentId: string;
  action: ConsentAction;
  performance: boolean;
  functional: boolean;
  marketing: boolean;
  policyVersion: string;
  browserRefusal: boolean;
  /** ISO time of the choice. */
  at: string;
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
 * A choice made under another policy version, as the cookie notice's head script applies it
 * before the first paint on every page (so this module can take the stored flags as they are):
 * an acceptance without a record of the current version no longer counts, so the flags go and
 * the notice asks again; a refusal stays a refusal, whatever the version. (Plain template text,
 * without calls, so the browser bundle, which never needs it, can leave it out.)
 */
export const dropStaleAcceptanceScript = `var s=localStorage,c;try{c=JSON.parse(s.getItem("${storageKeys.consent}")||"{}")}catch(e){c=null}if(s.getItem("${storageKeys.accepted}")!==null&&(!c||c.policyVersion!=="${cookiePolicyVersion}")){s.removeItem("${storageKeys.accepted}");s.removeItem("${storageKeys.declined}")}`;

export function readStoredConsent(): StoredConsent | undefined {
  try {
    const c = JSON.parse(storage()?.getItem(storageKeys.consent) ?? "null") as StoredConsent | null;
    return c && typeof c.consentId === "string" && typeof c.policyVersion === "string" ? c : undefined;
  } catch {
    return undefined; // a corrupt entry counts as no choice
  }
}

/** True when the visitor answered the cookie notice or saved settings (under the current policy, if they allowed anything). */
export function hasAnsweredNotice(): boolean {
  const s = storage();
  if (!s) return false;
  return s.getItem(storageKeys.accepted) !== null || s.getItem(storageKeys.declined) !== null;
}

const none: ConsentPreferences = { essential: true, performance: false, functional: false, marketing: false };

/** What the visitor allows now: only a choice recorded under the current policy allows anything. */
export function readPreferences(): ConsentPreferences {
  const c = readStoredConsent();
  if (!c || c.policyVersion !== cookiePolicyVersion || storage()?.getItem(storageKeys.accepted) === null)
    return { ...none };
  return {
    essential: true,
    performance: c.performance === true,
    functional: c.functional === true,
    marketing: c.marketing === true,
  };
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

function choose(action: ConsentAction, prefs: Omit<ConsentPreferences, "essential">): void {
  const s = storage();
  const refused = browserRefusesTracking();
  const record: StoredConsent = {
    // 128 random bits in hex, kept for later choices so their records belong together.
    consentId:
      readStoredConsent()?.consentId ??
      Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(""),
    action,
    performance: prefs.performance && !refused,
    functional: prefs.functional,
    marketing: prefs.marketing && !refused,
    policyVersion: cookiePolicyVersion,
    browserRefusal: refused,
    at: new Date().toISOString(),
  };
  const allowed = record.performance || record.functional || record.marketing;
  const json = JSON.stringify(record);
  if (s) {
    s.setItem(storageKeys.consent, json);
    // The spec's flags: exactly one of them says what the visitor answered.
    s.setItem(allowed ? storageKeys.accepted : storageKeys.declined, "true");
    s.removeItem(allowed ? storageKeys.declined : storageKeys.accepted);
  }
  try {
    // The server ignores `at` and records its own time.
    navigator.sendBeacon(consentPath, json);
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
