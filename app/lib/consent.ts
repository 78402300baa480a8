/**
 * Cookie consent: the one module the site asks before doing anything optional.
 * The cookie notice writes the spec's two flags (cookiesAccepted / cookiesDeclined); the
 * Cookie Settings page writes per-category preferences. Essential cookies are always on.
 */
export const consentCategories = ["essential", "performance", "functional", "marketing"] as const;
export type ConsentCategory = (typeof consentCategories)[number];
export type ConsentPreferences = Record<ConsentCategory, boolean>;

export const storageKeys = {
  accepted: "cookiesAccepted",
  declined: "cookiesDeclined",
  preferences: "cookiePreferences",
} as const;

/** Fired on window whenever consent changes, so listeners (web-vitals, the notice) can react. */
export const consentChangeEvent = "consentchange";

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled: behave as if nothing was chosen
  }
}

const none: ConsentPreferences = { essential: true, performance: false, functional: false, marketing: false };
const all: ConsentPreferences = { essential: true, performance: true, functional: true, marketing: true };

/** True when the visitor answered the cookie notice or saved settings. */
export function hasAnsweredNotice(): boolean {
  const s = storage();
  if (!s) return false;
  return s.getItem(storageKeys.accepted) !== null || s.getItem(storageKeys.declined) !== null;
}

export function readPreferences(): ConsentPreferences {
  const s = storage();
  if (!s) return { ...none };
  const saved = s.getItem(storageKeys.preferences);
  if (saved) {
    try {
      const parsed = JSON.parse(saved) as Partial<ConsentPreferences>;
      return {
        essential: true,
        performance: parsed.performance === true,
        functional: parsed.functional === true,
        marketing: parsed.marketing === true,
      };
    } catch {
      /* a corrupt entry counts as no choice */
    }
  }
  if (s.getItem(storageKeys.accepted) === "true") return { ...all };
  return { ...none };
}

export function hasConsent(category: ConsentCategory): boolean {
  return readPreferences()[category];
}

function changed() {
  window.dispatchEvent(new Event(consentChangeEvent));
}

/** The cookie notice's Accept: stores cookiesAccepted = true. */
export function acceptAll(): void {
  storage()?.setItem(storageKeys.accepted, "true");
  changed();
}

/** The cookie notice's Cancel: stores cookiesDeclined = true. */
export function declineAll(): void {
  storage()?.setItem(storageKeys.declined, "true");
  changed();
}

/** Cookie Settings' Save Preferences. Also counts as an answer to the notice. */
export function savePreferences(prefs: Omit<ConsentPreferences, "essential">): void {
  const s = storage();
  if (!s) return;
  s.setItem(storageKeys.preferences, JSON.stringify({ ...prefs, essential: true }));
  const anyOptional = prefs.performance || prefs.functional || prefs.marketing;
  s.setItem(anyOptional ? storageKeys.accepted : storageKeys.declined, "true");
  changed();
}
