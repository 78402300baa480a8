/**
 * The parts of a filter form (the inbox's, the audit log's): a search box with its hint, a choice
 * with its "any" option, a date, and Apply and Clear. Each is a labelled field in the form's grid.
 */
import type { ChangeEvent, ReactNode } from "react";

type Change = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;

export function SearchFilter(props: { id: string; label: string; value: string; onChange: Change; hint: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="search"
        value={props.value}
        onChange={props.onChange}
        aria-describedby={`${props.id}-hint`}
      />
      <p id={`${props.id}-hint`} className="hint">
        {props.hint}
      </p>
    </div>
  );
}

/**
 * A choice among `options` ([value, label]), or any (""). A value asked for by the address but not
 * (or not yet) among the options stays shown as chosen.
 */
export function ChoiceFilter(props: {
  id: string;
  label: string;
  value: string;
  onChange: Change;
  any: string;
  options: readonly (readonly [string, string])[];
  /** Options offered before the list, such as "Sent without a role". */
  first?: readonly (readonly [string, string])[];
  keepUnknown?: boolean;
}) {
  const known = [...(props.first ?? []), ...props.options].some(([value]) => value === props.value);
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={props.onChange}>
        <option value="">{props.any}</option>
        {props.first?.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
        {props.keepUnknown && props.value && !known && <option value={props.value}>{props.value}</option>}
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function DateFilter(props: { id: string; label: string; value: string; onChange: Change }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input id={props.id} type="date" value={props.value} onChange={props.onChange} />
    </div>
  );
}

export function FilterActions({ onClear }: { onClear: () => void }) {
  return (
    <div className="actions">
      <button type="submit" className="primary">
        Apply filters
      </button>
      <button type="button" onClick={onClear}>
        Clear
      </button>
    </div>
  );
}

/** Options whose value is their label. */
export function same(values: readonly string[]): [string, string][] {
  return values.map((v) => [v, v]);
}
