import { useRef, useState, type FormEvent } from "react";
import type { ZodType } from "zod";
import type { SubmitOutcome } from "~/lib/api-client";
import { measureForm, useMeasuredForm } from "~/lib/form-measure";

export type Result = { tone: "success" | "danger"; text: string } | null;

export interface SubmissionMessages {
  success: (outcome: Extract<SubmitOutcome, { kind: "accepted" }>) => string;
  refused: (outcome: Extract<SubmitOutcome, { kind: "refused" }>) => string;
  unreachable: string;
}

/**
 * The life of a form, shared by the three: validate on submit with the contract's schema,
 * show every message and focus the first invalid field, send once (a second click while
 * sending does nothing), then show the outcome and clear the form only on success.
 */
export function useFormSubmission<T>(
  /** The contract's schema, loaded on first submit so the validator is not in the page's initial script. */
  loadSchema: () => Promise<ZodType<T>>,
  read: (form: HTMLFormElement) => Record<string, unknown>,
  send: (data: T, form: HTMLFormElement) => Promise<SubmitOutcome>,
  messages: SubmissionMessages,
  extraCheck?: (form: HTMLFormElement) => Record<string, string>,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [validated, setValidated] = useState(false);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const sendingRef = useRef(false);
  useMeasuredForm(formRef);

  function focusFirstInvalid(form: HTMLFormElement, errs: Record<string, string>) {
    const first = Array.from(form.elements).find(
      (el): el is HTMLInputElement =>
        el instanceof HTMLElement && "name" in el && (el as HTMLInputElement).name in errs,
    );
    first?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (sendingRef.current) return;
    measureForm(form, "submit");
    sendingRef.current = true;
    let loaded;
    try {
      loaded = await Promise.all([loadSchema(), import("@contracts/response")]);
    } catch (error) {
      // The validator's script could not be fetched (offline): say so like any other network failure.
      sendingRef.current = false;
      console.error("Form submission failed", error);
      setResult({ tone: "danger", text: messages.unreachable });
      return;
    }
    sendingRef.current = false;
    const [schema, { fieldErrors }] = loaded;
    const parsed = schema.safeParse(read(form));
    const errs = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...(extraCheck?.(form) ?? {}) };
    setValidated(true);
    setErrors(errs);
    if (!parsed.success || Object.keys(errs).length > 0) {
      focusFirstInvalid(form, errs);
      measureForm(form, "failure", { errors: errs });
      return;
    }
    sendingRef.current = true;
    setSending(true);
    setResult(null);
    const outcome = await send(parsed.data, form);
    sendingRef.current = false;
    setSending(false);
    measureForm(
      form,
      outcome.kind === "accepted" ? "success" : "failure",
      outcome.kind === "accepted" ? undefined : { outcome: outcome.kind },
    );
    if (outcome.kind === "accepted") {
      form.reset();
      setValidated(false);
      setErrors({});
      setResult({ tone: "success", text: messages.success(outcome) });
    } else if (outcome.kind === "refused") {
      const serverErrors = outcome.response && !outcome.response.status ? outcome.response.errors : undefined;
      if (serverErrors) setErrors(serverErrors);
      setResult({ tone: "danger", text: messages.refused(outcome) });
    } else {
      console.error("Form submission failed", outcome.error);
      setResult({ tone: "danger", text: messages.unreachable });
    }
  }

  return { formRef, errors, validated, sending, result, dismiss: () => setResult(null), onSubmit };
}

/** The trimmed text of a named field ("" when absent). */
export function text(form: HTMLFormElement, name: string): string {
  const el = form.elements.namedItem(name);
  return el && "value" in el ? String(el.value) : "";
}

export function checked(form: HTMLFormElement, name: string): boolean {
  const el = form.elements.namedItem(name);
  return el instanceof HTMLInputElement && el.checked;
}
