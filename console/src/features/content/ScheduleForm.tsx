/**
 * Publish at a date and time on the company's clocks (its zone named beside the fields): the
 * moment is said back in words as it is typed, a time that has passed is refused here before the
 * API refuses it, and the API's own refusal is shown under the fields.
 */
import { useId, useState, type FormEvent } from "react";
import { instantOf, wallTimeOf, zoneTime } from "./content-time";

export function ScheduleForm(props: {
  timeZone: string;
  /** The item's current schedule, shown in the fields when it has one. */
  publishAt: string | null;
  now: () => Date;
  busy: boolean;
  onSchedule: (publishAt: string) => Promise<string | null>;
}) {
  const id = useId();
  const initial = props.publishAt ? wallTimeOf(props.publishAt, props.timeZone) : { day: "", time: "" };
  const [day, setDay] = useState(initial.day);
  const [time, setTime] = useState(initial.time);
  const [error, setError] = useState<string | null>(null);
  const at = instantOf(day, time, props.timeZone);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!at) return setError("Give a date and a time, such as 1 December and 09:30.");
    if (new Date(at).getTime() <= props.now().getTime())
      return setError("Choose a time that has not passed yet, or publish now.");
    setError(await props.onSchedule(at));
  };

  return (
    <form className="schedule-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-legend`}>
      <p id={`${id}-legend`} className="content-label">
        Publish later
      </p>
      <div className="schedule-fields">
        <div className="field">
          <label htmlFor={`${id}-day`}>Date</label>
          <input
            id={`${id}-day`}
            type="date"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-zone${error ? ` ${id}-error` : ""}`}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-time`}>Time ({props.timeZone})</label>
          <input
            id={`${id}-time`}
            type="time"
            value={time}
            onChange={(e) => setTime(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-zone${error ? ` ${id}-error` : ""}`}
          />
        </div>
        <button type="submit" disabled={props.busy}>
          Schedule
        </button>
      </div>
      <p id={`${id}-zone`} className="hint" aria-live="polite">
        {at
          ? `Goes live at ${zoneTime(at, props.timeZone)}, within a minute of that time.`
          : `Times are the company's, in ${props.timeZone}.`}
      </p>
      {error && (
        <p id={`${id}-error`} className="error field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
