import { useEffect, type RefObject } from "react";
import { measure } from "./measure-events";

/** "Job application form" → "job-application": the form's accessible name, as the funnel calls it. */
export const formName = (form: HTMLFormElement) =>
  (form.getAttribute("aria-label") ?? "form")
    .toLowerCase()
    .replace(/ form$/, "")
    .replace(/ /g, "-");

/** Reports the form as shown when it mounts, and as started at its first input. Never a value. */
export function useMeasuredForm(formRef: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const name = formName(form);
    measure({ type: "form", form: name, step: "shown" });
    const started = () => measure({ type: "form", form: name, step: "started" });
    form.addEventListener("input", started, { once: true });
    return () => form.removeEventListener("input", started);
  }, [formRef]);
}

/**
 * One step of a submission. A failure's reason is `invalid:` and the names of the fields in
 * error, `refused` (the server said no) or `unreachable`; what was typed is never part of it.
 */
export function measureForm(
  form: HTMLFormElement,
  step: "submit" | "success" | "failure",
  why?: { errors: Record<string, string> } | { outcome: "refused" | "unreachable" },
): void {
  const reason = why && ("errors" in why ? `invalid:${Object.keys(why.errors).sort().join(",")}` : why.outcome);
  measure({ type: "form", form: formName(form), step, ...(reason ? { reason } : {}) });
}
