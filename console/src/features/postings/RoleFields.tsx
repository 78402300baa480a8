/**
 * The role editor's fields (RoleEditPage.tsx): title, address, position, offices, type, workplace,
 * dates, salary and the description beside its preview, each with its message from the server;
 * then the page as a search result shows it.
 */
import { officeCities, rolePath, salaryCurrencies, slugFor } from "@contracts/careers/roles";
import { DescriptionPreview } from "./DescriptionPreview";
import { RoleSnippet } from "./RoleSnippet";
import { periodWords, typeWords, workplaceWords, type RoleDraft } from "./role-form";
import { errorId, FieldMessage, RoleChoice, RoleFieldBox, type Errors } from "./RoleField";
import type { RoleField } from "./role-form";

type Text = Exclude<keyof RoleDraft, "offices">;
type Options = readonly (readonly [string, string])[];

const same = (values: readonly string[]) => values.map((v) => [v, v] as const);

export function RoleFields(props: {
  draft: RoleDraft;
  onDraft: (draft: RoleDraft) => void;
  errors: Errors;
  positions: readonly string[];
  /** Published once: the address is fixed. */
  published: boolean;
  /** The site's address ("https://www.altivacloud.com"), for the search result's preview. */
  siteUrl: string;
}) {
  const { draft, errors, published } = props;
  const set = (key: Text) => (value: string) => props.onDraft({ ...draft, [key]: value });
  const input = (key: Text) => ({
    value: draft[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key)(e.target.value),
  });
  const toggleOffice = (city: (typeof officeCities)[number], on: boolean) =>
    props.onDraft({
      ...draft,
      // In the order HR ticks them: the first office names the address and leads the page.
      offices: on ? [...draft.offices, city] : draft.offices.filter((o) => o !== city),
    });
  const automatic = slugFor(draft.title, draft.offices);
  /** A choice of the draft's `key`, answered by the server under `field`. */
  const choice = (field: RoleField, key: Text, label: string, none: string, options: Options, required = false) => (
    <RoleChoice
      field={field}
      label={label}
      errors={errors}
      required={required}
      value={draft[key]}
      onChange={set(key)}
      none={none}
      options={options}
    />
  );
  /** A day (UTC) with its hint. */
  const day = (key: "datePosted" | "validThrough", label: string, hint: { id: string; text: string }) => (
    <RoleFieldBox
      field={key}
      label={label}
      errors={errors}
      hint={hint}
      control={(wired) => <input {...wired} type="date" required {...input(key)} />}
    />
  );
  /** A salary amount, in whole units. */
  const amount = (field: "salary.min" | "salary.max", key: "salaryMin" | "salaryMax", label: string) => (
    <RoleFieldBox
      field={field}
      label={label}
      errors={errors}
      control={(wired) => <input {...wired} inputMode="numeric" autoComplete="off" {...input(key)} />}
    />
  );

  return (
    <>
      <div className="role-grid">
        <RoleFieldBox
          field="title"
          label="Title"
          errors={errors}
          control={(wired) => <input {...wired} required maxLength={120} autoComplete="off" {...input("title")} />}
        />
        <RoleFieldBox
          field="slug"
          label="Address"
          errors={errors}
          hint={{
            id: "r-slug-hint",
            text: published
              ? "Fixed since the role was published: links to it are already out."
              : draft.slug.trim()
                ? `The role's page will be ${rolePath(draft.slug.trim())}. Empty it to make one from the title and first office.`
                : automatic
                  ? `Leave empty for ${rolePath(automatic)}, made from the title and first office.`
                  : "Leave empty to make it from the title and first office.",
          }}
          control={(wired) => (
            <input
              {...wired}
              readOnly={published}
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              {...input("slug")}
            />
          )}
        />
        {choice(
          "position",
          "position",
          "Position on the application form",
          "Choose a position",
          same(props.positions),
          true,
        )}
      </div>

      <fieldset
        className="checks"
        aria-describedby={errors.offices ? `r-offices-hint ${errorId("offices")}` : "r-offices-hint"}
      >
        <legend>Offices</legend>
        <div className="check-row">
          {officeCities.map((city, i) => (
            <div className="check" key={city}>
              <input
                type="checkbox"
                id={`r-office-${i}`}
                checked={draft.offices.includes(city)}
                aria-invalid={errors.offices ? true : undefined}
                onChange={(e) => toggleOffice(city, e.target.checked)}
              />
              <label htmlFor={`r-office-${i}`}>{city}</label>
            </div>
          ))}
        </div>
        <p className="hint" id="r-offices-hint">
          {draft.offices.length > 1
            ? `On the site in the order ticked: ${draft.offices.join(", ")}. The first names the address.`
            : "Tick each office the role is based in. With several, the first ticked names the address and leads the list."}
        </p>
        <FieldMessage field="offices" errors={errors} />
      </fieldset>

      <div className="role-grid">
        {choice(
          "employmentType",
          "employmentType",
          "Employment type",
          "Choose a type",
          Object.entries(typeWords),
          true,
        )}
        {choice("workplace", "workplace", "Workplace", "Choose a workplace", Object.entries(workplaceWords), true)}
        {day("datePosted", "Posted on", { id: "r-posted-hint", text: "Shown on the site from this day (UTC)." })}
        {day("validThrough", "Closes after", {
          id: "r-closes-hint",
          text: "The last day applications are taken (until midnight UTC).",
        })}
      </div>

      <fieldset
        className="salary"
        aria-describedby={errors.salary ? `r-salary-hint ${errorId("salary")}` : "r-salary-hint"}
      >
        <legend>Salary (optional)</legend>
        <p className="hint" id="r-salary-hint">
          All four parts, or leave all four empty. Shown on the role&apos;s page and to search engines.
        </p>
        <div className="salary-parts">
          {amount("salary.min", "salaryMin", "From")}
          {amount("salary.max", "salaryMax", "To")}
          {choice("salary.currency", "currency", "Currency", "None", same(salaryCurrencies))}
          {choice("salary.period", "period", "Paid", "None", Object.entries(periodWords))}
        </div>
        <FieldMessage field="salary" errors={errors} />
      </fieldset>

      <div className="description-pair">
        <RoleFieldBox
          field="description"
          label="Description"
          errors={errors}
          hintFirst
          hint={{
            id: "r-description-hint",
            text: "Markdown: a line starting with ## is a heading, with - a list item; [words](https://…) is a link. HTML is shown as typed, never run.",
          }}
          control={(wired) => <textarea {...wired} required rows={18} maxLength={20_000} {...input("description")} />}
        />
        <DescriptionPreview markdown={draft.description} id="r-preview-heading" />
      </div>
      <RoleSnippet
        title={draft.title}
        offices={draft.offices}
        description={draft.description}
        url={`${props.siteUrl}${rolePath(draft.slug.trim() || automatic || "…")}`}
      />
    </>
  );
}
