/**
 * The fields of the three proof blocks (decision 079), each showing the API's publish issue for its
 * path under it: a testimonial (the words, who said them by first name and initial, the client by
 * industry, the case study it comes from); a client logo (the client's name, the logo, and the
 * permission to show it, without which it cannot be published); a partner badge (the programme,
 * the badge, the programme's own directory entry and the year).
 */
import { ImageField } from "./images/ImageField";
import { TextArea, TextField, fieldId } from "./ContentField";
import type { IssueMap } from "./issue-words";
import type { ClientLogoForm, PartnerBadgeForm, TestimonialForm } from "./proof-forms";

/** What these fields read of the editor's props (collection-forms.ts `FieldsProps`): no rich text, no page. */
interface ProofFieldsProps<F> {
  form: F;
  onForm: (change: (form: F) => F) => void;
  issues: IssueMap;
}

/** A setter per key of a form. */
const setterOf =
  <F,>(onForm: ProofFieldsProps<F>["onForm"]) =>
  <K extends keyof F>(key: K) =>
  (value: F[K]) =>
    onForm((f) => ({ ...f, [key]: value }));

const imageError = (issues: IssueMap, path: string) =>
  issues.at(path) ?? issues.at(`${path}.imageId`) ?? issues.at(`${path}.alt`);

function AddressField({ value, onChange, issues }: { value: string; onChange: (v: string) => void; issues: IssueMap }) {
  return (
    <TextField
      path="slug"
      label="Name in the console"
      value={value}
      onChange={(slug) => onChange(slug.toLowerCase())}
      error={issues.at("slug")}
      hint="Lower-case letters, digits and hyphens; it has no page of its own, it tells the items apart."
      maxLength={100}
    />
  );
}

export function TestimonialFields({ form, onForm, issues }: ProofFieldsProps<TestimonialForm>) {
  const set = setterOf(onForm);
  return (
    <fieldset>
      <legend>The client's words</legend>
      <TextArea
        path="text"
        label="Words"
        value={form.text}
        onChange={set("text")}
        error={issues.at("text")}
        hint="40 to 400 characters, as the client wrote or approved them; the home page shows the newest."
        rows={4}
      />
      <div className="role-grid">
        <TextField
          path="name"
          label="Who"
          value={form.name}
          onChange={set("name")}
          error={issues.at("name")}
          hint="A first name and an initial: “Marta K.”."
          maxLength={40}
        />
        <TextField
          path="title"
          label="Their position"
          value={form.title}
          onChange={set("title")}
          error={issues.at("title")}
          hint="“Head of Platform Operations”."
          maxLength={80}
        />
      </div>
      <TextField
        path="client"
        label="Client"
        value={form.client}
        onChange={set("client")}
        error={issues.at("client")}
        hint="By industry, never by name: “A European logistics group”."
        maxLength={80}
      />
      <TextField
        path="caseStudy"
        label="Case study (optional)"
        value={form.caseStudy}
        onChange={set("caseStudy")}
        error={issues.at("caseStudy")}
        hint="The address name of the study the words come from (“logistics-platform-on-aws”): the home page links it while it is live."
        maxLength={100}
      />
      <AddressField value={form.slug} onChange={set("slug")} issues={issues} />
    </fieldset>
  );
}

export function ClientLogoFields({ form, onForm, issues }: ProofFieldsProps<ClientLogoForm>) {
  const set = setterOf(onForm);
  return (
    <>
      <fieldset>
        <legend>The client</legend>
        <TextField
          path="title"
          label="Client's name"
          value={form.title}
          onChange={set("title")}
          error={issues.at("title")}
          hint="As the client writes it."
          maxLength={80}
        />
        <TextField
          path="industry"
          label="Industry"
          value={form.industry}
          onChange={set("industry")}
          error={issues.at("industry")}
          hint="“Logistics”."
          maxLength={60}
        />
        <AddressField value={form.slug} onChange={set("slug")} issues={issues} />
      </fieldset>
      <ImageField
        id={fieldId("logo")}
        label="Logo"
        value={form.logo}
        onChange={set("logo")}
        error={imageError(issues, "logo")}
      />
      <fieldset>
        <legend>Permission to show it</legend>
        <p className="hint">
          A logo goes live only with the client's written permission. Keep the message itself where the company keeps
          contracts; record here who gave it (by position, no name) and when.
        </p>
        <div className="role-grid">
          <TextField
            path="permission.grantedBy"
            label="Given by"
            value={form.grantedBy}
            onChange={set("grantedBy")}
            error={issues.at("permission.grantedBy") ?? issues.at("permission")}
            hint="Their position: “Head of Marketing”."
            maxLength={80}
          />
          <TextField
            path="permission.grantedOn"
            label="Given on"
            type="date"
            value={form.grantedOn}
            onChange={set("grantedOn")}
            error={issues.at("permission.grantedOn")}
          />
        </div>
      </fieldset>
    </>
  );
}

export function PartnerBadgeFields({ form, onForm, issues }: ProofFieldsProps<PartnerBadgeForm>) {
  const set = setterOf(onForm);
  return (
    <>
      <fieldset>
        <legend>The programme</legend>
        <TextField
          path="title"
          label="Programme"
          value={form.title}
          onChange={set("title")}
          error={issues.at("title")}
          hint="Its own name for the membership."
          maxLength={100}
        />
        <TextField
          path="evidence"
          label="Directory entry"
          value={form.evidence}
          onChange={set("evidence")}
          error={issues.at("evidence")}
          hint="An https address on the programme's own site where anyone can check the membership; the badge links it."
          maxLength={300}
        />
        <TextField
          path="since"
          label="Member since"
          value={form.since}
          onChange={set("since")}
          error={issues.at("since")}
          hint="The year granted or last renewed: “2025”."
          maxLength={4}
        />
        <AddressField value={form.slug} onChange={set("slug")} issues={issues} />
      </fieldset>
      <ImageField
        id={fieldId("badge")}
        label="Badge"
        value={form.badge}
        onChange={set("badge")}
        error={imageError(issues, "badge")}
      />
    </>
  );
}
