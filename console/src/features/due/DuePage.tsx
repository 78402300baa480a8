import { CardTable } from "../../ui/CardTable";
import { dueAnswer, statusAnswer } from "@contracts/console-answers";
import { useState } from "react";
import type { DueAnswer } from "@contracts/console-answers";
import { futureRolesConsent } from "@contracts/forms/application";
import { api, deletionText, errorText, formatDay, type Staff } from "../../api";
import { Link, useLoaderData } from "react-router";
import { useTitle } from "../../ui/useTitle";

type Row = DueAnswer["rows"][number];

/** How soon, so the list reads at a glance: "in 5 days", "tomorrow", or already due. */
function howSoon(at: string): string {
  const days = Math.ceil((Date.parse(at) - Date.now()) / 86_400_000);
  if (days <= 0) return "due now: it goes at the next daily purge";
  return days === 1 ? "tomorrow" : `in ${days} days`;
}

/**
 * The e-mail that asks the candidate's consent, prepared in their mail program: the address and
 * words go to the mail program, never to our server or into our URLs.
 */
function askConsentHref(row: Row, staff: Staff): string {
  const subject = `Your application ${row.reference ?? ""} with Altiva Cloud: may we keep it for future roles?`;
  const body = [
    `Dear ${row.name},`,
    "",
    `Thank you for applying to Altiva Cloud Technologies${row.about ? ` for the ${row.about} position` : ""}. As our Recruitment Privacy Policy says, your application ${row.reference ?? ""} is due to be deleted on ${formatDay(row.deletion.at)}.`,
    "",
    `We would like to keep it so we can contact you when another role suits you, until ${formatDay(row.kept_until)} at the latest. If you agree, please reply to this e-mail with: "${futureRolesConsent.words}". You can withdraw at any time by writing to careers@altivacloud.com.`,
    "",
    `If we do not hear from you, we will delete it on ${formatDay(row.deletion.at)} as planned.`,
    "",
    "Kind regards,",
    staff.name,
    "Altiva Cloud Technologies",
  ].join("\n");
  return `mailto:${encodeURIComponent(row.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export const dueLoader = () => api("due", dueAnswer);

export function DuePage({ staff }: { staff: Staff }) {
  useTitle("Due for deletion");
  const loaded = useLoaderData<typeof dueLoader>();
  // A consent recorded here takes its application off the list (its deletion date moves on).
  const [recorded, setRecorded] = useState<number[]>([]);
  const due = { ...loaded, rows: loaded.rows.filter((r) => !recorded.includes(r.id)) };
  const [said, setSaid] = useState("");

  const record = async (row: Row) => {
    setSaid("");
    try {
      const r = await api(`submissions/${row.id}/future-roles`, statusAnswer, { consent: true });
      setSaid(
        `Consent recorded for ${row.reference}. Deletion date: ${r.deletion ? deletionText(r.deletion) : "none"}.`,
      );
      setRecorded((ids) => [...ids, row.id]);
    } catch (err) {
      setSaid(errorText(err));
    }
  };

  return (
    <>
      <h1 tabIndex={-1}>Due for deletion</h1>
      <p>
        Applications whose deletion date falls in the next {due.days} days, soonest first. The daily purge deletes each
        on its date, with its resume and e-mails, as the Recruitment Privacy Policy says. For each you may decide (open
        the application and set its status: a decision counts 12 months from its own date), ask the candidate whether we
        may keep it for future roles (record it here when they reply yes), or let it go: nothing needs doing.
      </p>
      <div aria-live="polite">
        <p className="hint">{due.rows.length === 1 ? "1 application" : `${due.rows.length} applications`}</p>
        {said && <p className="hint">{said}</p>}
      </div>
      {due.rows.length === 0 && <p>No application is due for deletion in the next {due.days} days.</p>}
      {due.rows.length > 0 && (
        <CardTable
          caption={"Applications due for deletion, soonest first"}
          columns={["Application", "Deleted on", "Position and status", "Keep for future roles"]}
        >
          {due.rows.map((r) => (
            <tr key={r.id}>
              <th scope="row">
                <Link to={`/submissions/${r.id}`}>{r.reference}</Link> {r.name}
              </th>
              <td data-label="Deleted on">
                <strong>{formatDay(r.deletion.at)}</strong>, {howSoon(r.deletion.at)}
                <span className="hint block">{r.deletion.reason}</span>
              </td>
              <td data-label="Position and status">
                {r.about ?? "–"}, {r.status}
              </td>
              <td data-label="Keep for future roles">
                {r.consented ? (
                  "The candidate has agreed."
                ) : (
                  <span className="actions">
                    <a href={askConsentHref(r, staff)}>Ask {r.name} by e-mail</a>
                    <button type="button" onClick={() => void record(r)}>
                      They replied yes: record consent
                    </button>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </CardTable>
      )}
    </>
  );
}
