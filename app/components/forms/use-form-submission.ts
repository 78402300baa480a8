import { useEffect, useRef, useState, type FormEvent } from "react";
import { honeypotField } from "@contracts/constants";
import type { ZodMiniType } from "zod/mini";
import type { SubmitOutcome } from "~/lib/api-client";
import { measureForm, useMeasuredForm } from "~/lib/form-measure";
import type { SummaryItem } from "./field";
import { useSpamProof, withSpamProof } from "~/lib/spam-proof-hook";
import { withLeadSource } from "~/lib/lead-source";

/** Why a send failed, shown above the form (which keeps what was typed); null when nothing failed. */
export type Failure = string | null;

/** A form the server returns to its visitor: what they typed and the message at each wrong field. */
export interface FormInitial {
  values: Record<string, string>;
  errors: Record<string, string>;
  /** The server checked these values: fields without a message show as valid. */
  checked?: boolean;
}

export interface SubmissionMessages {
  success: (outcome: Extract<SubmitOutcome, { kind: "accepted" }>) => string;
  refused: (outcome: Extract<SubmitOutcome, { kind: "refused" }>) => string;
  unreachable: string;
}

/**
 * The life of a form, shared by the three: validate on submit with the contract's schema,
 * show every message and focus the first invalid field, send once (a second click while
 * sending does nothing), then on success put the sent panel in the form's place (the fields go,
 * and come back empty with its "again" link), or on failure say why and keep what was typed.
 */
export function useFormSubmission<T>(
  /** The contract's schema, loaded on first submit so the validator is not in the page's initial script. */
  loadSchema: () => Promise<ZodMiniType<T>>,
  send: (data: T, form: HTMLFormElement) => Promise<SubmitOutcome>,
  messages: SubmissionMessages,
  extraCheck?: (form: HTMLFormElement) => Record<string, string>,
  initial?: FormInitial,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>(initial?.errors ?? {});
  // The summary above the form is made on submit only: a form the server returned already has its own.
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const [validated, setValidated] = useState(!!initial?.checked);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Failure>(null);
  // The success message once sent: the form's fields give way to the sent panel (sent-panel.tsx).
  const [sent, setSent] = useState<string | null>(null);
  // Set by "again": the emptied form's first field takes focus once it is back.
  const refocusRef = useRef(false);
  const sendingRef = useRef(false);
  useMeasuredForm(formRef);
  useSpamProof(formRef);

  // The outcome appears above the form, which may be scrolled far past it (a phone after a long
  // form): bring it into view and give it focus so it is seen and read out.
  useEffect(() => {
    resultRef.current?.scrollIntoView({ block: "center" });
    resultRef.current?.focus({ preventScroll: true });
  }, [result]);

  // The sent panel replaces the fields: focus goes to it (it is read out), or, when the visitor
  // asks for the form again, to its first field.
  useEffect(() => {
    if (sent !== null) {
      panelRef.current?.scrollIntoView({ block: "nearest" });
      panelRef.current?.focus({ preventScroll: true });
    } else if (refocusRef.current) {
      refocusRef.current = false;
      formRef.current
        ?.querySelector<HTMLElement>("input:not([type=hidden]):not([tabindex='-1']), select, textarea")
        ?.focus();
    }
  }, [sent]);

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
      setResult(messages.unreachable);
      return;
    }
    sendingRef.current = false;
    const [schema, { fieldErrors }] = loaded;
    const parsed = schema.safeParse(read(form));
    const errs = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...(extraCheck?.(form) ?? {}) };
    setValidated(true);
    setErrors(errs);
    setSummary(summarise(form, errs));
    if (!parsed.success || Object.keys(errs).length > 0) {
      focusFirstInvalid(form, errs);
      measureForm(form, "failure", { errors: errs });
      return;
    }
    sendingRef.current = true;
    setSending(true);
    setResult(null);
    // The validated data holds the definition's fields only: the page's path and the visit's source travel beside them.
    const outcome = await send(withLeadSource(form, await withSpamProof(form, parsed.data)), form);
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
      setSummary([]);
      setResult(null);
      setSent(messages.success(outcome));
    } else if (outcome.kind === "refused") {
      const serverErrors = outcome.response && !outcome.response.status ? outcome.response.errors : undefined;
      if (serverErrors) {
        setErrors(serverErrors);
        setSummary(summarise(form, serverErrors));
      }
      setResult(messages.refused(outcome));
    } else {
      console.error("Form submission failed", outcome.error);
      setResult(messages.unreachable);
    }
  }

  const again = () => {
    refocusRef.current = true;
    setSent(null);
  };

  return {
    formRef,
    resultRef,
    panelRef,
    errors,
    summary,
    validated,
    sending,
    result,
    sent,
    again,
    dismiss: () => setResult(null),
    onSubmit,
  };
}

/** The messages in the order of the fields on the page, each with its field's id; a message without a field first. */
function summarise(form: HTMLFormElement, errors: Record<string, string>): SummaryItem[] {
  const fields = Array.from(form.elements).filter((el): el is HTMLInputElement => "name" in el && !!el.id);
  const at = (name: string) => fields.findIndex((el) => el.name === name);
  return Object.entries(errors)
    .sort(([a], [b]) => at(a) - at(b))
    .map(([name, message]) => ({ id: fields[at(name)]?.id, message }));
}

/**
 * The form's fields by name, as the browser itself would post them (a ticked checkbox is "on",
 * which the contract reads as consent); an empty honeypot is left out of what is sent.
 */
function read(form: HTMLFormElement): Record<string, unknown> {
  const data: Record<string, unknown> = Object.fromEntries(new FormData(form));
  if (!data[honeypotField]) delete data[honeypotField];
  return data;
}
