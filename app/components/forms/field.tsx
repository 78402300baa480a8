import type { ReactNode, RefObject } from "react";
import { Icon } from "~/components/icon/icon";

export interface BaseProps {
  /** Unique within the page: the form's id prefix plus the field name. */
  id: string;
  name: string;
  label: ReactNode;
  error?: string;
  /** Once a submit was tried, valid fields show as valid too (Bootstrap's validated look). */
  validated: boolean;
  className?: string;
  /** What the visitor typed, when the server returns the form to them ("on" ticks a checkbox). */
  defaultValue?: string;
  /** Marked "(optional)" after its label and not required; every other field is required (see FormNote). */
  optional?: boolean;
  /** A line of help under the control, read with it. */
  hint?: string;
}

/** The label's text, with "(optional)" after it for an optional field. */
export function LabelText({ label, optional }: { label: ReactNode; optional?: boolean }) {
  return (
    <>
      {label}
      {optional ? (
        <>
          {" "}
          <span className="field-mark">(optional)</span>
        </>
      ) : null}
    </>
  );
}

/** The line above a form's fields that says which are required. */
export function FormNote() {
  return <p className="form-note">All fields are required unless marked (optional).</p>;
}

/** One line of the error summary: the message, linking to its field when it has one. */
export interface SummaryItem {
  id?: string;
  message: string;
}

/**
 * The summary of what is wrong, above the form after a submit with the scripts running (the
 * server's answer page has its own, form-answer.tsx). Each message links to its field and
 * focuses it; focus itself goes to the first wrong field, whose message is read with it.
 */
export function ErrorSummary({ items }: { items: readonly SummaryItem[] }) {
  if (items.length === 0) return null;
  return (
    <div className="alert alert-danger form-error-summary">
      <p className="fw-semibold mb-2">Please correct the following:</p>
      <ul className="mb-0">
        {items.map((item) => (
          <li key={item.id ?? item.message}>
            {item.id ? (
              <a
                href={`#${item.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  document.getElementById(item.id!)?.focus();
                }}
              >
                {item.message}
              </a>
            ) : (
              item.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function describedBy(id: string, error?: string, hint?: string) {
  return [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
}

export function stateClass(validated: boolean, error?: string) {
  if (error) return " is-invalid";
  return validated ? " is-valid" : "";
}

export function Hint({ id, hint }: { id: string; hint?: string }) {
  return hint ? (
    <div id={`${id}-hint`} className="form-text">
      {hint}
    </div>
  ) : null;
}

export function Feedback({ id, error }: { id: string; error?: string }) {
  return error ? (
    <div id={`${id}-error`} className="invalid-feedback">
      {error}
    </div>
  ) : null;
}

type InputProps = BaseProps & {
  type?: "text" | "email" | "tel" | "file";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
  accept?: string;
  maxLength?: number;
};

/** A labelled input whose error text is tied to it for assistive technology. */
export function InputField({
  id,
  name,
  label,
  error,
  validated,
  type = "text",
  hint,
  className,
  optional,
  ...rest
}: InputProps) {
  return (
    <div className={className ?? "mb-3"}>
      <label htmlFor={id} className="form-label">
        <LabelText label={label} optional={optional} />
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className={`form-control${stateClass(validated, error)}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        required={!optional}
        {...rest}
      />
      <Hint id={id} hint={hint} />
      <Feedback id={id} error={error} />
    </div>
  );
}

export function TextAreaField({
  id,
  name,
  label,
  error,
  validated,
  className,
  rows = 4,
  maxLength,
  defaultValue,
  optional,
  hint,
}: BaseProps & { rows?: number; maxLength?: number }) {
  return (
    <div className={className ?? "mb-3"}>
      <label htmlFor={id} className="form-label">
        <LabelText label={label} optional={optional} />
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        defaultValue={defaultValue}
        className={`form-control${stateClass(validated, error)}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        required={!optional}
      />
      <Hint id={id} hint={hint} />
      <Feedback id={id} error={error} />
    </div>
  );
}

export function SelectField({
  id,
  name,
  label,
  error,
  validated,
  className,
  options,
  placeholder,
  defaultValue = "",
  optional,
  hint,
}: BaseProps & { options: readonly { value: string; label: string }[]; placeholder: string }) {
  return (
    <div className={className ?? "mb-3"}>
      <label htmlFor={id} className="form-label">
        <LabelText label={label} optional={optional} />
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className={`form-select${stateClass(validated, error)}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        required={!optional}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Hint id={id} hint={hint} />
      <Feedback id={id} error={error} />
    </div>
  );
}

export function CheckboxField({
  id,
  name,
  label,
  error,
  validated,
  className,
  defaultValue,
  optional,
  hint,
}: BaseProps) {
  return (
    <div className={className ?? "mb-3 form-check"}>
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={!!defaultValue}
        className={`form-check-input${stateClass(validated, error)}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        required={!optional}
      />
      <label htmlFor={id} className="form-check-label">
        <LabelText label={label} optional={optional} />
      </label>
      <Hint id={id} hint={hint} />
      <Feedback id={id} error={error} />
    </div>
  );
}

/**
 * The honeypot: a field people never see or reach (off-screen, hidden from assistive
 * technology, out of the tab order) that form-filling bots complete.
 */
export function Honeypot({ id, name }: { id: string; name: string }) {
  return (
    <div className="visually-hidden-honeypot" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/**
 * Why a send failed, above the form: announced as an alert, focused, and dismissible. (Success
 * is the sent panel in the form's place, sent-panel.tsx.)
 */
export function ResultMessage({
  result,
  onDismiss,
  boxRef,
}: {
  result: string | null;
  onDismiss: () => void;
  /** Takes focus when a message appears (see useFormSubmission). */
  boxRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div role="alert">
      {result ? (
        <div ref={boxRef} tabIndex={-1} className="alert alert-danger alert-dismissible">
          {result}
          <button type="button" className="icon-button" aria-label="Dismiss message" onClick={onDismiss}>
            <Icon name="close" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
