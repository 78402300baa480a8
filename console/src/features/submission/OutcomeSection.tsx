import { outcomeAnswer, outcomes, outcomeWords, type Outcome, type OutcomeAnswer } from "@contracts/outcomes";
import { can } from "@contracts/staff/permissions";
import { useCallback, useEffect, useState } from "react";
import { api, errorText, formatTime, type Staff } from "../../api";

/**
 * What became of an enquiry (decision 057): its outcome and each change with who made it; sales
 * and administrators mark it qualified, won or lost, a won deal with its value if they know it.
 * The lead funnel on the dashboard counts these.
 */
export function OutcomeSection({ id, staff }: { id: number; staff: Staff }) {
  const [state, setState] = useState<OutcomeAnswer | null>(null);
  const [choice, setChoice] = useState<Outcome>("qualified");
  const [value, setValue] = useState("");
  const [currency, setCurrency] = useState("EUR");
  const [said, setSaid] = useState("");
  const mayMark = can(staff, "enquiries:outcome");

  const load = useCallback(async () => {
    try {
      const answer = await api(`submissions/${id}/outcome`, outcomeAnswer);
      setState(answer);
      if (answer.outcome) setChoice(answer.outcome);
    } catch (err) {
      setSaid(errorText(err));
    }
  }, [id]);
  useEffect(() => void load(), [load]);

  const save = async () => {
    setSaid("");
    const withValue = choice === "won" && value.trim() !== "";
    try {
      const answer = await api(`submissions/${id}/outcome`, outcomeAnswer, {
        outcome: choice,
        ...(withValue ? { value: Number(value.replace(",", ".")), currency: currency.trim().toUpperCase() } : {}),
      });
      setState(answer);
      setSaid(`Outcome saved: ${choice}.`);
    } catch (err) {
      setSaid(errorText(err));
    }
  };

  return (
    <div className="outcome">
      <h3 id="h-outcome">Outcome</h3>
      {state && (
        <p>{state.outcome ? `Now: ${outcomeWords({ ...state, outcome: state.outcome })}.` : "No outcome yet."}</p>
      )}
      {mayMark && state && (
        <form
          className="inline"
          aria-labelledby="h-outcome"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label htmlFor="outcome">Outcome</label>
          <select id="outcome" value={choice} onChange={(e) => setChoice(e.target.value as Outcome)}>
            {outcomes.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
          {choice === "won" && (
            <>
              <label htmlFor="outcome-value">Value (optional)</label>
              <input id="outcome-value" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
              <label htmlFor="outcome-currency">Currency</label>
              <input
                id="outcome-currency"
                size={4}
                maxLength={3}
                value={currency}
                onChange={(e) => setCurrency(e.target.value)}
              />
            </>
          )}
          <button type="submit">Save outcome</button>
        </form>
      )}
      <div aria-live="polite">{said && <p className="hint">{said}</p>}</div>
      {state && state.history.length > 0 && (
        <ul className="messages outcome-history" aria-label="Outcome history">
          {state.history.map((h) => (
            <li key={h.created_at + h.outcome}>
              {formatTime(h.created_at)}: {outcomeWords(h)}, by {h.staff_name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
