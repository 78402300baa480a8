import { weeklyReportChoice } from "@contracts/dashboard";
import { useEffect, useState } from "react";
import { api, ApiError } from "../../api";

/**
 * The signed-in person's own choice of the weekly report (decision 057): figures only, Monday
 * 08:00 in the company's time zone. Read when the dashboard opens; saved as soon as it changes.
 */
export function WeeklyReportChoice() {
  const [receive, setReceive] = useState<boolean | null>(null);
  const [note, setNote] = useState("");

  useEffect(() => {
    api("dashboard/weekly-report", weeklyReportChoice).then(
      (d) => setReceive(d.receive),
      () => setNote("Your weekly report choice could not be read. Reload the page to try again."),
    );
  }, []);

  async function change(next: boolean) {
    setReceive(next);
    setNote("");
    try {
      const saved = await api("dashboard/weekly-report", weeklyReportChoice, { receive: next });
      setReceive(saved.receive);
      setNote(saved.receive ? "You will receive the weekly report." : "You will not receive the weekly report.");
    } catch (error) {
      setReceive(!next);
      setNote(error instanceof ApiError ? error.message : "Your choice could not be saved. Try again.");
    }
  }

  return (
    <div className="weekly-report-choice">
      <label>
        <input
          type="checkbox"
          checked={receive ?? false}
          disabled={receive === null}
          onChange={(e) => void change(e.target.checked)}
        />{" "}
        E-mail me the weekly report: last week&apos;s figures against the week before, Monday at 08:00 company time
      </label>
      <p role="status">{note}</p>
    </div>
  );
}
