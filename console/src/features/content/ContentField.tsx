/**
 * One field of the content editor: label, control (wired to its hint and its message), hint, and
 * the API's issue for its path under it.
 */
import type { ReactNode } from "react";

export const fieldId = (path: string) => `c-${path.replace(/\./g, "-")}`;
const errorId = (path: string) => `${fieldId(path)}-error`;
const hintId = (path: string) => `${fieldId(path)}-hint`;

export function wired(path: string, error: string | undefined, hint?: string) {
  const described = [hint ? hintId(path) : undefined, error ? errorId(path) : undefined].filter(Boolean).join(" ");
  return {
    id: fieldId(path),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described || undefined,
  } as const;
}

export function FieldError({ path, error }: { path: string; error: string | undefined }) {
  return error ? (
    <p className="error field-error" id={errorId(path)}>
      {error}
    </p>
  ) : null;
}

export function ContentField(props: {
  path: string;
  label: string;
  error: string | undefined;
  hint?: string;
  control: (wiring: ReturnType<typeof wired>) => ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={fieldId(props.path)}>{props.label}</label>
      {props.control(wired(props.path, props.error, props.hint))}
      {props.hint && (
        <p className="hint" id={hintId(props.path)}>
          {props.hint}
        </p>
      )}
      <FieldError path={props.path} error={props.error} />
    </div>
  );
}

/** A one-line text field. */
export function TextField(props: {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint?: string;
  maxLength?: number;
  type?: "text" | "date";
  list?: string;
}) {
  return (
    <ContentField
      path={props.path}
      label={props.label}
      error={props.error}
      hint={props.hint}
      control={(wiring) => (
        <input
          {...wiring}
          type={props.type ?? "text"}
          value={props.value}
          maxLength={props.maxLength}
          list={props.list}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    />
  );
}

/** A text area. */
export function TextArea(props: {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint?: string;
  rows?: number;
}) {
  return (
    <ContentField
      path={props.path}
      label={props.label}
      error={props.error}
      hint={props.hint}
      control={(wiring) => (
        <textarea
          {...wiring}
          rows={props.rows ?? 3}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    />
  );
}
