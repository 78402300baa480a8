import { applyingForLine, roleField, rolePositionField, type AppliedRole } from "@contracts/careers/applied-role";
import { formAnswerId } from "@contracts/constants";
import { applicationForm, applicationSuccessText, checkResumeFile } from "@contracts/forms/application";
import type { FormDefinition } from "@contracts/forms/definition";
import { apiBases, submit } from "~/lib/api-client";
import { FormBody } from "./form-body";
import { useFormSubmission, type FormInitial } from "./use-form-submission";
import { formIdPrefixes } from "./sent-words";

export const careerFormText = {
  submit: "Submit Application",
  sending: "Submitting...",
  refused: "Your application could not be submitted. Please try again.",
  unreachable: "Something went wrong. Please try again later.",
} as const;

function fileOf(form: HTMLFormElement, name: string): File | undefined {
  const input = form.elements.namedItem(name);
  return input instanceof HTMLInputElement ? (input.files?.[0] ?? undefined) : undefined;
}

/** The names of the definition's file fields: each is checked before it leaves and sent beside the values. */
const fileFields = (definition: FormDefinition) =>
  definition.fields.filter((field) => field.input === "file").map((field) => field.name);

/**
 * The job application: multipart to the careers host, with the resume checked before it leaves.
 * On a role's page it is sent for that role: its position starts chosen, a line says which role,
 * and the role's slug goes with the fields (a hidden input without JavaScript, appended with it).
 */
export function CareerForm({
  initial,
  definition = applicationForm,
  role,
}: {
  initial?: FormInitial;
  /** The fields to show and check: the application's own, or (in a test) one with a field added. */
  definition?: FormDefinition;
  /** The role the page is about, from the page's own data (so the server's HTML and the hydrated form agree). */
  role?: AppliedRole;
}) {
  const submission = useFormSubmission(
    () => import("@contracts/forms/schema").then((m) => m.schemaOf(definition)),
    (data, form) => {
      const body = new FormData();
      for (const [key, value] of Object.entries(data)) {
        if (value !== undefined) body.append(key, String(value));
      }
      // The validated data holds the definition's fields only: the role travels beside them.
      if (role) body.append(roleField, role.slug);
      // The check below has made sure each file is there.
      for (const name of fileFields(definition)) body.append(name, fileOf(form, name)!);
      return submit(`${apiBases.careers}${definition.path}`, body);
    },
    {
      success: (o) => applicationSuccessText(o.response.message, o.response.data),
      refused: (o) => o.response?.message || careerFormText.refused,
      unreachable: careerFormText.unreachable,
    },
    (form): Record<string, string> => {
      const problems: Record<string, string> = {};
      for (const name of fileFields(definition)) {
        const problem = checkResumeFile(fileOf(form, name));
        if (problem) problems[name] = problem;
      }
      return problems;
    },
    initial,
  );
  return (
    <form
      ref={submission.formRef}
      method="post"
      action={`${apiBases.careers}${definition.path}#${formAnswerId}`}
      encType="multipart/form-data"
      noValidate
      onSubmit={submission.onSubmit}
      aria-label={definition.ariaLabel}
    >
      <FormBody
        kind="application"
        submission={submission}
        fields={definition.fields}
        idPrefix={formIdPrefixes.application}
        initial={initial}
        // A role's page starts on the role's position (a returned form keeps what was chosen).
        preset={role && { [rolePositionField]: role.position }}
        words={careerFormText}
        intro={
          role && (
            <>
              <p className="career-form__role">{applyingForLine(role)}</p>
              <input type="hidden" name={roleField} value={role.slug} />
            </>
          )
        }
        // A role's page is rendered per request from a template whose own path is not the page's: the role says it.
        sourcePath={!role}
      />
    </form>
  );
}
