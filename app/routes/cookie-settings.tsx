import { cookiePolicyVersion } from "@contracts/consent";
import { useEffect, useState } from "react";
import { PageBanner } from "~/components/sections/page-banner";
import { cookieSettingsPage } from "~/content/company-pages";
import {
  browserRefusesTracking,
  consentChangeEvent,
  readPreferences,
  readStoredConsent,
  savePreferences,
  withdrawConsent,
  type ConsentPreferences,
  type StoredConsent,
} from "~/lib/consent";
import { IslandRoot } from "~/islands/island-root";
import { metaForPath } from "~/lib/seo";
import type { Route } from "./+types/cookie-settings";

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

const optional = ["performance", "functional", "marketing"] as const;
/** The categories Global Privacy Control and Do Not Track rule out. */
const refusable = new Set<string>(["performance", "marketing"]);

const longDate = (iso: string, withTime: boolean) =>
  new Date(iso).toLocaleString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    ...(withTime ? { hour: "2-digit", minute: "2-digit", timeZoneName: "short" } : {}),
    timeZone: "UTC",
  });

interface Known {
  prefs: ConsentPreferences;
  record?: StoredConsent;
  refused: boolean;
}

function read(): Known {
  return { prefs: readPreferences(), record: readStoredConsent(), refused: browserRefusesTracking() };
}

export function CookieSettingsPage() {
  const [prefs, setPrefs] = useState<ConsentPreferences>({
    essential: true,
    performance: false,
    functional: false,
    marketing: false,
  });
  // The stored choice is only known in the browser; until then the page shows no record.
  const [known, setKnown] = useState<Known | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  // The prerendered page (what a visitor without JavaScript keeps) is the read-only one: switches
  // locked at their defaults, no Save button, and a line saying why. The live page replaces it
  // once the scripts run, in this effect.
  const [live, setLive] = useState(false);
  useEffect(() => {
    setLive(true);
    const update = () => {
      const k = read();
      setKnown(k);
      setPrefs(k.prefs);
    };
    update();
    window.addEventListener(consentChangeEvent, update);
    return () => window.removeEventListener(consentChangeEvent, update);
  }, []);
  const text = cookieSettingsPage.categories;
  const refused = known?.refused === true;
  const record = known?.record;
  const anyAllowed = known ? optional.some((k) => known.prefs[k]) : false;
  return (
    <>
      <section className="section">
        <div className="container narrow">
          {refused ? (
            <p className="alert alert-info" id="cookie-browser-refuses">
              {cookieSettingsPage.browserRefuses}
            </p>
          ) : null}
          <form
            aria-label="Cookie preferences"
            onSubmit={(e) => {
              e.preventDefault();
              savePreferences({
                performance: prefs.performance,
                functional: prefs.functional,
                marketing: prefs.marketing,
              });
              setStatus(cookieSettingsPage.saved);
            }}
          >
            <div className="form-check form-switch mb-3 cookie-switch">
              <input
                className="form-check-input"
                type="checkbox"
                role="switch"
                id="cookie-essential"
                checked
                disabled
                aria-describedby="cookie-essential-text"
              />
              <label className="form-check-label fw-semibold" htmlFor="cookie-essential">
                {text.essential.title}
              </label>
              <p id="cookie-essential-text" className="form-text">
                {text.essential.description}
              </p>
            </div>
            {optional.map((key) => {
              const blocked = refused && refusable.has(key);
              return (
                <div key={key} className="form-check form-switch mb-3 cookie-switch">
                  <input
                    className="form-check-input"
                    type="checkbox"
                    role="switch"
                    id={`cookie-${key}`}
                    checked={prefs[key] && !blocked}
                    disabled={blocked || !live}
                    aria-describedby={`cookie-${key}-text`}
                    onChange={(e) => {
                      setStatus(undefined);
                      setPrefs({ ...prefs, [key]: e.target.checked });
                    }}
                  />
                  <label className="form-check-label fw-semibold" htmlFor={`cookie-${key}`}>
                    {text[key].title}
                  </label>
                  <p id={`cookie-${key}-text`} className="form-text">
                    {text[key].description}
                    {blocked ? ` ${cookieSettingsPage.refusedSwitch}` : null}
                  </p>
                </div>
              );
            })}
            <div role="status">{status ? <div className="alert alert-success">{status}</div> : null}</div>
            {/* The statement sits where the buttons will be, about their height, so the page does not
                jump when the scripts take over. */}
            {live ? (
              <div className="d-flex flex-wrap gap-2 cookie-settings__actions">
                <button type="submit" className="btn btn-primary">
                  Save Preferences
                </button>
                {anyAllowed ? (
                  <button
                    type="button"
                    className="btn btn-outline-primary"
                    onClick={() => {
                      withdrawConsent();
                      setStatus(cookieSettingsPage.withdrawn);
                    }}
                  >
                    {cookieSettingsPage.withdraw}
                  </button>
                ) : null}
              </div>
            ) : (
              <p className="alert alert-info cookie-settings__actions" id="cookie-settings-offline">
                {cookieSettingsPage.noScript}
              </p>
            )}
          </form>
          {known ? (
            <div className="mt-5">
              <h2 className="h5">{cookieSettingsPage.recordTitle}</h2>
              {record ? (
                <>
                  {record.policyVersion !== cookiePolicyVersion ? <p>{cookieSettingsPage.askedAgain}</p> : null}
                  <dl className="consent-record">
                    <dt>{cookieSettingsPage.consentId}</dt>
                    <dd>
                      <code data-testid="consent-id">{record.consentId}</code>
                    </dd>
                  </dl>
                  <p>
                    {cookieSettingsPage.choiceMade(longDate(record.at, true), longDate(record.policyVersion, false))}
                  </p>
                  <p className="form-text">{cookieSettingsPage.recordNote}</p>
                </>
              ) : (
                <p>{cookieSettingsPage.noChoice}</p>
              )}
            </div>
          ) : null}
        </div>
      </section>
    </>
  );
}

/** The settings are an island: its switches and Save button work once it has hydrated. */
export default function CookieSettingsRoute() {
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Cookie Settings" }]}
        title="Cookie Settings"
        description={cookieSettingsPage.intro}
      />
      <IslandRoot name="cookie-settings">
        <CookieSettingsPage />
      </IslandRoot>
    </>
  );
}
