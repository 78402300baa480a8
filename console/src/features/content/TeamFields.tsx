/**
 * Every field of a team member (contracts/content/items.ts `teamMemberItem`), as the team page
 * shows them: name, position, bio, photo, LinkedIn, and their place on the page. Each shows the
 * API's publish issue for its path under it.
 */
import { BasicFields, PictureField } from "./BasicFields";
import { TextArea, TextField } from "./ContentField";
import type { IssueMap } from "./issue-words";
import type { TeamForm } from "./team-form";

export interface TeamFieldsProps {
  form: TeamForm;
  onForm: (change: (form: TeamForm) => TeamForm) => void;
  issues: IssueMap;
  /** The team page's address, absolute. */
  url: string;
}

export function TeamFields({ form, onForm, issues, url }: TeamFieldsProps) {
  const set =
    <K extends keyof TeamForm>(key: K) =>
    (value: TeamForm[K]) =>
      onForm((f) => ({ ...f, [key]: value }));
  return (
    <>
      <fieldset>
        <legend>The person</legend>
        <BasicFields
          form={form}
          onForm={onForm}
          issues={issues}
          titleField={{ label: "Name", path: "name" }}
          hints={{
            title: "As they write it: “Elena Marsh”. Insight bylines name people by it.",
            slug: `Lower-case letters, digits and hyphens; it names the person in the console. They are shown on ${url}.`,
          }}
        />
        <TextField
          path="position"
          label="Position"
          value={form.position}
          onChange={set("position")}
          error={issues.at("position")}
          hint="3 to 80 characters: “Head of Delivery”. Their insight bylines must say the same."
        />
        <TextArea
          path="bio"
          label="Bio"
          value={form.bio}
          onChange={set("bio")}
          error={issues.at("bio")}
          hint="60 to 600 characters: what they lead and what they have done."
        />
      </fieldset>
      <PictureField path="photo" label="Photo" value={form.photo} onChange={set("photo")} issues={issues} />
      <TextField
        path="linkedin"
        label="LinkedIn profile (optional)"
        value={form.linkedin}
        onChange={set("linkedin")}
        error={issues.at("linkedin")}
        hint="An https://www.linkedin.com/in/… address; no other site."
        maxLength={200}
      />
      <TextField
        path="order"
        label="Place on the page"
        value={form.order}
        onChange={set("order")}
        error={issues.at("order")}
        hint="1 to 99: the lower stands first."
        maxLength={3}
      />
    </>
  );
}
