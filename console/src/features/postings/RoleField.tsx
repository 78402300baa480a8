/**
 * One field of the role editor: its label, its control (wired to its hint and its message for
 * assistive technology), its hint and the server's message under it.
 */
import type { ReactNode } from "react";
import { fieldIds, type RoleField } from "./role-form";

export type Errors = Partial<Record<string, string>>;

export const errorId = (field: RoleField) => `r-error-${field.replace(".", "-")}`;

/** What a control of `field` carries: its id, whether it is invalid, and what describes it. */
export function wiring(field: RoleField, errors: Errors, hint?: string) {
  const described = [hint, errors[field] ? errorId(field) : undefined].filter(Boolean).join(" ");
  return {
    id: fieldIds[field],
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": described || undefined,
  } as const;
}

export function FieldMessage({ field, errors }: { field: RoleField; errors: Errors }) {
  return errors[field] ? (
    <p className="error field-error" id={errorId(field)}>
      {errors[field]}
    </p>
  ) : null;
}

export function RoleFieldBox(props: {
  field: RoleField;
  label: string;
  errors: Errors;
  /** The hint's id and words; `hintFirst` puts it between the label and the control. */
  hint?: { id: string; text: ReactNode };
  hintFirst?: boolean;
  control: (wired: ReturnType<typeof wiring>) => ReactNode;
}) {
  const { field, errors, hint } = props;
  const hintLine = hint && (
    <p className="hint" id={hint.id}>
      {hint.text}
    </p>
  );
  return (
    <div className="field">
      <label htmlFor={fieldIds[field]}>{props.label}</label>
      {props.hintFirst && hintLine}
      {props.control(wiring(field, errors, hint?.id))}
      {!props.hintFirst && hintLine}
      <FieldMessage field={field} errors={errors} />
    </div>
  );
}

/** A choice field: a first option that chooses nothing, then `options` ([value, words]). */
export function RoleChoice(props: {
  field: RoleField;
  label: string;
  errors: Errors;
  value: string;
  onChange: (value: string) => void;
  none: string;
  options: readonly (readonly [string, string])[];
  required?: boolean;
}) {
  return (
    <RoleFieldBox
      field={props.field}
      label={props.label}
      errors={props.errors}
      control={(wired) => (
        <select
          {...wired}
          required={props.required}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        >
          <option value="">{props.none}</option>
          {props.options.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      )}
    />
  );
}
