import { useEffect, useState } from "react";
import { PageBanner } from "~/components/sections/page-banner";
import { cookieSettingsPage } from "~/content/company";
import { readPreferences, savePreferences, type ConsentPreferences } from "~/lib/consent";
import { metaForPath } from "~/lib/seo";
import type { Route } from "./+types/cookie-settings";

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

const optional = ["performance", "functional", "marketing"] as const;

export default function CookieSettingsPage() {
  const [prefs, setPrefs] = useState<ConsentPreferences>({
    essential: true,
    performance: false,
    functional: false,
    marketing: false,
  });
  const [saved, setSaved] = useState(false);
  // The stored choice is only known in the browser.
  useEffect(() => setPrefs(readPreferences()), []);
  const text = cookieSettingsPage.categories;
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Cookie Settings" }]}
        title="Cookie Settings"
        description={cookieSettingsPage.intro}
      />
      <section className="section">
        <div className="container narrow">
          <form
            aria-label="Cookie preferences"
            onSubmit={(e) => {
              e.preventDefault();
              savePreferences({
                performance: prefs.performance,
                functional: prefs.functional,
                marketing: prefs.marketing,
              });
              setSaved(true);
            }}
          >
            <div className="form-check form-switch mb-3">
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
            {optional.map((key) => (
              <div key={key} className="form-check form-switch mb-3">
                <input
                  className="form-check-input"
                  type="checkbox"
                  role="switch"
                  id={`cookie-${key}`}
                  checked={prefs[key]}
                  aria-describedby={`cookie-${key}-text`}
                  onChange={(e) => {
                    setSaved(false);
                    setPrefs({ ...prefs, [key]: e.target.checked });
                  }}
                />
                <label className="form-check-label fw-semibold" htmlFor={`cookie-${key}`}>
                  {text[key].title}
                </label>
                <p id={`cookie-${key}-text`} className="form-text">
                  {text[key].description}
                </p>
              </div>
            ))}
            <div role="status">
              {saved ? <div className="alert alert-success">{cookieSettingsPage.saved}</div> : null}
            </div>
            <button type="submit" className="btn btn-primary">
              Save Preferences
            </button>
          </form>
        </div>
      </section>
    </>
  );
}
