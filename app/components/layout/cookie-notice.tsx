import { useEffect, useState } from "react";
import { Link } from "react-router";
import { acceptAll, declineAll, dropStaleAcceptanceScript, hasAnsweredNotice, storageKeys } from "~/lib/consent";

/** The class on <html> that shows the prerendered notice (see the script below). */
const showClass = "show-cookie-notice";

/**
 * Runs in <head> before the first paint: forgets an acceptance given under an older Cookie
 * Policy (see dropStaleAcceptance), then shows the notice only to visitors who have not
 * answered it (unreadable storage counts as no answer, as in hasAnsweredNotice). The notice is
 * thus part of the first paint instead of popping in after hydration, never flashes for
 * returning visitors, and stays hidden without JavaScript, where its buttons could not work and
 * no optional cookie is ever set.
 */
export const cookieNoticeHeadScript = `try{${dropStaleAcceptanceScript};if(localStorage.getItem("${storageKeys.accepted}")===null&&localStorage.getItem("${storageKeys.declined}")===null)document.documentElement.classList.add("${showClass}")}catch(e){document.documentElement.classList.add("${showClass}")}`;

/**
 * Shown only when neither cookiesAccepted nor cookiesDeclined is stored. It is in the
 * prerendered HTML, fixed to the bottom so it never shifts the page; the head script decides
 * whether it shows before hydration, and hydration removes it for visitors who answered.
 */
export function CookieNotice() {
  const [show, setShow] = useState(true);
  useEffect(() => setShow(!hasAnsweredNotice()), []);
  if (!show) return null;
  return (
    <section className="cookie-notice" aria-label="Cookie notice">
      <p className="mb-2 mb-md-0">
        We use essential storage to run this site and, with your consent, measure its performance without cookies.
        Accept allows that measurement; Cancel declines it, and the site works just the same. Read our{" "}
        <Link to="/cookies">Cookie Policy</Link> or choose in <Link to="/cookies-settings">Cookie Settings</Link>.
      </p>
      {/* Declining is as easy as accepting: two buttons of the same size, colour and weight, side by side. */}
      <div className="cookie-notice__actions">
        <button
          type="button"
          className="btn"
          onClick={() => {
            acceptAll();
            setShow(false);
          }}
        >
          Accept
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => {
            declineAll();
            setShow(false);
          }}
        >
          Cancel
        </button>
      </div>
    </section>
  );
}
