import { useEffect, useState } from "react";
import { Link } from "react-router";
import { acceptAll, declineAll, hasAnsweredNotice } from "~/lib/consent";

/**
 * Shown only when neither cookiesAccepted nor cookiesDeclined is stored. It renders after
 * hydration (the prerendered HTML cannot know the visitor's storage), fixed to the bottom,
 * so it neither flashes for returning visitors nor shifts the page.
 */
export function CookieNotice() {
  const [show, setShow] = useState(false);
  useEffect(() => setShow(!hasAnsweredNotice()), []);
  if (!show) return null;
  return (
    <section className="cookie-notice" aria-label="Cookie notice">
      <p className="mb-2 mb-md-0">
        We use essential cookies to run this site and, with your consent, cookies that measure its performance. Read our{" "}
        <Link to="/cookies">Cookie Policy</Link> or choose in <Link to="/cookies-settings">Cookie Settings</Link>.
      </p>
      <div className="d-flex gap-2">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            acceptAll();
            setShow(false);
          }}
        >
          Accept
        </button>
        <button
          type="button"
          className="btn btn-outline-light"
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
