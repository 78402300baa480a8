/**
 * A form's fields as its definition lists them: each field's control with its label, hint, limits
 * and marks, in the definition's order. The three forms render through this, so a field added to a
 * definition appears on the page, and in the server's no-JavaScript answer, with no form edited.
 */
import type { ConsentField, FieldDefinition } from "@contracts/forms/definition";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CheckboxField, InputField, SelectField, TextAreaField } from "./field";
import { FileField } from "./file-field";

/** What each control gets from its form: its id, request key, message, state and returned value. */
export type FieldCommon = (name: string) => {
  id: string;
  name: string;
  error?: string;
  validated: boolean;
  defaultValue?: string;
};

/** The consent label: its words, with the link's words made a link to the policy. */
function consentLabel({ label, link }: ConsentField): ReactNode {
  const at = label.indexOf(link.text);
  if (at < 0) return label;
  return (
    <>
      {label.slice(0, at)}
      <Link to={link.to}>{link.text}</Link>
      {label.slice(at + link.text.length)}
    </>
  );
}

function Control({ field, common, className }: { field: FieldDefinition; common: FieldCommon; className?: string }) {
  const shared = { ...common(field.name), label: field.label, optional: field.optional, hint: field.hint, className };
  switch (field.input) {
    case "text":
      // One past the limit, as the forms always had it: a text one character too long still
      // reaches the check and gets the field's message, instead of being cut without a word.
      return <InputField {...shared} autoComplete={field.autoComplete} maxLength={field.max + 1} />;
    case "email":
      return <InputField {...shared} type="email" autoComplete={field.autoComplete} inputMode="email" />;
    case "tel":
      return <InputField {...shared} type="tel" autoComplete={field.autoComplete} inputMode="tel" />;
    case "file":
      return <FileField {...shared} accept={field.accept} />;
    case "select":
      return <SelectField {...shared} options={field.options} placeholder={field.placeholder} />;
    case "textarea":
      return <TextAreaField {...shared} rows={field.rows} maxLength={field.max + 1} />;
    case "checkbox":
      return <CheckboxField {...shared} label={"link" in field ? consentLabel(field) : field.label} />;
  }
}

/** Neighbouring `half` fields share one Bootstrap row, two to a line on wide screens. */
function runs(fields: readonly FieldDefinition[]): FieldDefinition[][] {
  const out: FieldDefinition[][] = [];
  for (const field of fields) {
    const last = out.at(-1);
    if (field.half && last?.[0]?.half) last.push(field);
    else out.push([field]);
  }
  return out;
}

export function DefinedFields({ fields, common }: { fields: readonly FieldDefinition[]; common: FieldCommon }) {
  return (
    <>
      {runs(fields).map((run) =>
        run[0]!.half ? (
          <div className="row" key={run[0]!.name}>
            {run.map((field) => (
              <Control key={field.name} field={field} common={common} className="col-md-6 mb-3" />
            ))}
          </div>
        ) : (
          <Control key={run[0]!.name} field={run[0]!} common={common} />
        ),
      )}
    </>
  );
}
