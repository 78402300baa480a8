import { maxPathLength, redirectsAnswer, type RedirectAnswer } from "@contracts/redirects";
import { useRef, useState } from "react";
import { useLoaderData, useSearchParams } from "react-router";
import { api, errorText, formatTime } from "../../api";
import { ConfirmBox } from "../../ui/ConfirmBox";
import { useTitle } from "../../ui/useTitle";

export const redirectsLoader = () => api("redirects", redirectsAnswer);

/** How the list says where a redirect came from. */
function madeBy(r: RedirectAnswer): string {
  const when = formatTime(r.createdAt);
  if (r.reason === "slug change")
    return `Automatically, when a published address changed${r.createdBy ? ` (${r.createdBy})` : ""}, ${when}`;
  return `Added by ${r.createdBy ?? "a former staff member"}, ${when}`;
}

/**
 * Redirects (decision 062): old addresses of the site answered with a 301 to a page of the site,
 * on every instance within seconds. Administrators add one (the dashboard's "Pages not found"
 * opens this page with the old address filled in, `?from=`) and remove one after confirming.
 * A loop, a page the site serves and a malformed path are refused with the server's sentence,
 * announced and shown beside the form.
 */
export function RedirectsPage() {
  useTitle("Redirects");
  const loaded = useLoaderData<typeof redirectsLoader>();
  const [search] = useSearchParams();
  // Every change answers with the whole list, which replaces the loaded one.
  const [changed, setRedirects] = useState<RedirectAnswer[] | null>(null);
  const redirects = changed ?? loaded.redirects;
  const [from, setFrom] = useState(() => search.get("from") ?? "");
  const [to, setTo] = useState("");
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const fromInput = useRef<HTMLInputElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    setStatus(null);
    try {
      const answer = await api("redirects", redirectsAnswer, { from, to });
      setRedirects(answer.redirects);
      const added = answer.redirects[0];
      setStatus({
        text: added
          ? `${added.from} now redirects to ${added.to}. Every server answers it within a few seconds.`
          : "The redirect is added.",
        failed: false,
      });
      setFrom("");
      setTo("");
    } catch (error) {
      setStatus({ text: errorText(error), failed: true });
      fromInput.current?.focus();
    }
  };

  const remove = async (redirect: RedirectAnswer) => {
    setConfirming(null);
    setStatus(null);
    try {
      const answer = await api(`redirects/${redirect.id}/delete`, redirectsAnswer, {});
      setRedirects(answer.redirects);
      setStatus({ text: `${redirect.from} no longer redirects: it answers “not found” again.`, failed: false });
    } catch (error) {
      setStatus({ text: errorText(error), failed: true });
    }
    listHeading.current?.focus();
  };

  const failed = status?.failed === true;
  return (
    <>
      <h1 tabIndex={-1}>Redirects</h1>
      <p>
        An old address of the site sends visitors and search engines on to a page that exists (a permanent redirect,
        301). A changed case study or insight address gets one automatically. Both addresses are paths of this site; the
        visitor’s query string, such as a campaign tag, is passed on.
      </p>
      <form className="redirect-add" onSubmit={(e) => void add(e)} noValidate>
        <label htmlFor="redirect-from">Old address</label>
        <input
          id="redirect-from"
          ref={fromInput}
          value={from}
          maxLength={maxPathLength}
          aria-describedby={failed ? "redirect-from-hint redirect-outcome" : "redirect-from-hint"}
          aria-invalid={failed || undefined}
          onChange={(e) => setFrom(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <p id="redirect-from-hint" className="hint">
          A path that no longer has a page, such as /services/old-migration-offer.
        </p>
        <label htmlFor="redirect-to">New address</label>
        <input
          id="redirect-to"
          value={to}
          maxLength={maxPathLength}
          aria-describedby="redirect-to-hint"
          onChange={(e) => setTo(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <p id="redirect-to-hint" className="hint">
          The page visitors should reach instead, such as /services/migration.
        </p>
        <button type="submit">Add redirect</button>
      </form>
      <div role="status" aria-live="polite" id="redirect-outcome">
        {status && <p className={status.failed ? "error" : "hint"}>{status.text}</p>}
      </div>
      <h2 tabIndex={-1} ref={listHeading}>
        Redirects in place
      </h2>
      {redirects.length === 0 ? (
        <p>No redirects yet: every old address answers “not found”.</p>
      ) : (
        <table className="cards redirects">
          <caption className="visually-hidden">Redirects in place, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Old address</th>
              <th scope="col">Goes to</th>
              <th scope="col">Made</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {redirects.map((r) => (
              <tr key={r.id}>
                <th scope="row">{r.from}</th>
                <td data-label="Goes to">{r.to}</td>
                <td data-label="Made">{madeBy(r)}</td>
                <td data-label="Action">
                  <button type="button" onClick={() => setConfirming(r.id)} aria-expanded={confirming === r.id}>
                    Remove<span className="visually-hidden"> the redirect from {r.from}</span>
                  </button>
                  {confirming === r.id && (
                    <ConfirmBox
                      id={`confirm-redirect-${r.id}`}
                      danger
                      question={`Remove the redirect from ${r.from}? Old links to it will find no page.`}
                      action="Remove the redirect"
                      onConfirm={() => void remove(r)}
                      onCancel={() => setConfirming(null)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
