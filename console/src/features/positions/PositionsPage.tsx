import { positionsAnswer } from "@contracts/console-answers";
import type { PositionAnswer } from "@contracts/console-answers";
import { positionRules } from "@contracts/careers/position-rules";
import { useRef, useState } from "react";
import { useLoaderData } from "react-router";
import { can } from "@contracts/staff/permissions";
import type { Staff } from "../../api";
import { api, errorText, formatTime } from "../../api";
import { useTitle } from "../../ui/useTitle";

export const positionsLoader = () => api("positions", positionsAnswer);

/**
 * The application form's positions (decision 040). Administrators add a position (offered on the
 * careers form within seconds) and retire one (off the form; earlier applications keep it and
 * the inbox still filters by it). HR reads the list: the role editor offers these positions.
 */
export function PositionsPage({ staff }: { staff: Staff }) {
  useTitle("Positions");
  const admin = can(staff, "positions:edit");
  const loaded = useLoaderData<typeof positionsLoader>();
  // Every change answers with the whole list, which replaces the loaded one.
  const [changed, setPositions] = useState<PositionAnswer[] | null>(null);
  const positions = changed ?? loaded.positions;
  const [name, setName] = useState("");
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    setStatus(null);
    try {
      const answer = await api("positions", positionsAnswer, { name });
      setPositions(answer.positions);
      setStatus({
        text: `${name.trim()} is added. The careers form offers it within a few seconds.`,
        failed: false,
      });
      setName("");
    } catch (error) {
      setStatus({ text: errorText(error), failed: true });
      nameInput.current?.focus();
    }
  };

  const move = async (position: PositionAnswer, how: "retire" | "offer") => {
    setStatus(null);
    try {
      const answer = await api(`positions/${position.id}/${how}`, positionsAnswer, {});
      setPositions(answer.positions);
      setStatus({
        text:
          how === "retire"
            ? `${position.name} is no longer offered on the careers form. Its applications keep it.`
            : `${position.name} is offered on the careers form again.`,
        failed: false,
      });
    } catch (error) {
      setStatus({ text: errorText(error), failed: true });
    }
  };

  return (
    <>
      <h1 tabIndex={-1}>Positions</h1>
      <p>
        The positions a candidate chooses from on the careers form, in the form’s order. A role on the careers page
        belongs to one of them.{" "}
        {admin
          ? "A retired position leaves the form; applications sent for it keep it, and the inbox still filters by it."
          : "Administrators add and retire positions."}
      </p>
      {admin && (
        <form className="position-add" onSubmit={(e) => void add(e)}>
          <label htmlFor="position-name">New position</label>
          <input
            id="position-name"
            ref={nameInput}
            value={name}
            maxLength={positionRules.max}
            aria-describedby="position-name-hint"
            onChange={(e) => setName(e.target.value)}
            required
          />
          <p id="position-name-hint" className="hint">
            {positionRules.min} to {positionRules.max} characters, as candidates will read it, such as “Site Reliability
            Engineer”.
          </p>
          <button type="submit">Add position</button>
        </form>
      )}
      <div role="status" aria-live="polite">
        {status && <p className={status.failed ? "error" : "hint"}>{status.text}</p>}
      </div>
      <table className="cards positions">
        <caption className="visually-hidden">The application form’s positions</caption>
        <thead>
          <tr>
            <th scope="col">Position</th>
            <th scope="col">On the form</th>
            <th scope="col">Applications</th>
            <th scope="col">Roles</th>
            {admin && <th scope="col">Action</th>}
          </tr>
        </thead>
        <tbody>
          {positions.map((p) => (
            <tr key={p.id}>
              <th scope="row">{p.name}</th>
              <td data-label="On the form">{p.retiredAt ? `Retired ${formatTime(p.retiredAt)}` : "Offered"}</td>
              <td data-label="Applications">{p.applications}</td>
              <td data-label="Roles">{p.roles}</td>
              {admin && (
                <td data-label="Action">
                  <button type="button" onClick={() => void move(p, p.retiredAt ? "offer" : "retire")}>
                    {p.retiredAt ? `Offer ${p.name} again` : `Retire ${p.name}`}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
