import {
  applicationMessages,
  applicationPath,
  applicationSuccessText,
  checkResumeFile,
  positions,
  resumeRules,
} from "@contracts/application-constants";
import { formAnswerId, honeypotField, limits } from "@contracts/constants";
import { Link } from "react-router";
import { apiBases, submit } from "~/lib/api-client";
import { PersonFields } from "./person-fields";
import {
  CheckboxField,
  ErrorSummary,
  FormNote,
  Honeypot,
  InputField,
  ResultMessage,
  SelectField,
  TextAreaField,
} from "./field";
import { useFormSubmission, type FormInitial } from "./use-form-submission";

export const careerFormText = {
  submit: "Submit Application",
  sending: "Submitting...",
  refused: "Your application could not be submitted. Please try again.",
  unreachable: "Something went wrong. Please try again later.",
} as const;

function resumeOf(form: HTMLFormElement): File | undefined {
  const input = form.elements.namedItem("resume");
  return input instanceof HTMLInputElement ? (input.files?.[0] ?? undefined) : undefined;
}

/**
 * The careers form takes exactly 10 digits (the spec's rule); for the offices' countries that is
 * the national number without its leading 0, as the examples show.
 */
export const careerPhoneHint =
  "10 digits, without the country code or the leading 0: 20 7946 0958 in the UK, 98450 12345 in India. Spaces are fine.";

/** The job application: multipart to the careers host, with the resume checked before it leaves. */
export function CareerForm({ initial }: { initial?: FormInitial }) {
  const { formRef, resultRef, errors, summary, validated, sending, result, dismiss, onSubmit } = useFormSubmission(
    () => import("@contracts/application-schema").then((m) => m.applicationSchemaFor(applicationMessages, positions)),
    (data, form) => {
      const body = new FormData();
      for (const [key, value] of Object.entries(data)) {
        if (value !== undefined) body.append(key, String(value));
      }
      body.append("resume", resumeOf(form)!);
      return submit(`${apiBases.careers}${applicationPath}`, body);
    },
    {
      success: (o) => applicationSuccessText(o.response.message, o.response.data),
      refused: (o) => o.response?.message || careerFormText.refused,
      unreachable: careerFormText.unreachable,
    },
    (form): Record<string, string> => {
      const problem = checkResumeFile(resumeOf(form));
      return problem ? { resume: problem } : {};
    },
    initial,
  );
  const common = (name: string) => ({
    id: `career-${name}`,
    name,
    error: errors[name],
    validated,
    defaultValue: initial?.values[name],
  });
  return (
    <form
      ref={formRef}
      method="post"
      action={`${apiBases.careers}${applicationPath}#${formAnswerId}`}
      encType="multipart/form-data"
      noValidate
      onSubmit={onSubmit}
      aria-label="Job application form"
    >
      <ResultMessage result={result} onDismiss={dismiss} boxRef={resultRef} />
      <ErrorSummary items={summary} />
      <FormNote />
      <PersonFields common={common} phoneHint={careerPhoneHint} />
      <SelectField
        {...common("position")}
        label="Position"
        placeholder="Choose a position"
        options={positions.map((p) => ({ value: p, label: p }))}
      />
      <InputField
        {...common("resume")}
        label="Resume"
        type="file"
        accept={resumeRules.accept}
        hint="PDF or Word (.pdf, .doc, .docx), up to 5 MB."
      />
      <TextAreaField {...common("message")} label="Cover letter" rows={6} maxLength={limits.message + 1} />
      <CheckboxField
        {...common("agree")}
        label={
          <>
            I agree that my application is handled as the{" "}
            <Link to="/recruitment-privacy-policy">Recruitment Privacy Policy</Link> describes.
          </>
        }
      />
      <Honeypot id={`career-${honeypotField}`} name={honeypotField} />
      <button type="submit" className="btn btn-primary btn-lg" disabled={sending}>
        {sending ? careerFormText.sending : careerFormText.submit}
      </button>
    </form>
  );
}
