import { roleDetailAnswer, rolesAnswer } from "@contracts/console-answers";
import type { RoleDetailAnswer } from "@contracts/console-answers";
import { officeCities, rolePath, salaryCurrencies, slugFor } from "@contracts/careers/roles";
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from "react";
import { api, ApiError, errorText } from "../../api";
import { ConfirmBox } from "../../ui/ConfirmBox";
import { DescriptionPreview } from "./DescriptionPreview";
import {
  bodyOf,
  dayText,
  draftOf,
  emptyDraft,
  fieldIds,
  firstInvalid,
  periodWords,
  standingText,
  typeWords,
  workplaceWords,
  type RoleDraft,
  type RoleField,
} from "./role-form";
import { Link, useNavigate } from "react-router";
import { useTitle } from "../../ui/useTitle";

type Move = "publish" | "close" | "reopen";
type Errors = Partial<Record<string, string>>;

const errorId = (field: RoleField) => `r-error-${field.replace(".", "-")}`;

/** The server's answer when the role changed under the person (role-routes.ts staleMessage). */
const staleStatus = 409;

/**
 * One role, new or saved: every field with its label and its message under it, the description
 * beside its preview, Save (the state stays), and Publish, Close or Reopen after a confirmation.
 * Every change carries the version it was based on; when a colleague saved in between, the server
 * refuses and the page says so, keeping what was typed here until the person reloads.
 */
export function RoleEditPage({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<RoleDetailAnswer | null>(null);
  const [settings, setSettings] = useState<{ siteUrl: string; positions: string[] } | null>(null);
  const [draft, setDraft] = useState<RoleDraft>(() => emptyDraft(new Date()));
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const [stale, setStale] = useState(false);
  const [confirming, setConfirming] = useState<Move | null>(null);
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState("");
  const [focusField, setFocusField] = useState<{ field: RoleField } | null>(null);
  const moveButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useTitle(loaded ? loaded.role.title : id === null ? "New role" : "Role");

  const show = useCallback((answer: RoleDetailAnswer) => {
    setLoaded(answer);
    setSettings({ siteUrl: answer.siteUrl, positions: answer.positions });
    setDraft(draftOf(answer.role));
    setErrors({});
    setStale(false);
  }, []);

  const load = useCallback(async () => {
    setLoadError("");
    try {
      if (id === null) {
        const list = await api("roles", rolesAnswer);
        setSettings({ siteUrl: list.siteUrl, positions: list.positions });
      } else {
        show(await api(`roles/${id}`, roleDetailAnswer));
      }
    } catch (e) {
      setLoadError(errorText(e));
    }
  }, [id, show]);
  // After a new role's first save the page moves to its address with the answer in hand.
  const shown = loaded?.role.id ?? null;
  useEffect(() => {
    if (id === null || id !== shown) void load();
  }, [id, shown, load]);

  useEffect(() => {
    if (focusField) document.getElementById(fieldIds[focusField.field])?.focus();
  }, [focusField]);

  const saved = loaded ? draftOf(loaded.role) : null;
  const dirty = !saved || JSON.stringify(bodyOf(draft)) !== JSON.stringify(bodyOf(saved));
  // Closing the tab or reloading with unsaved edits asks first (the browser's own question).
  const [blank] = useState(() => JSON.stringify(draft));
  const unsaved = saved ? dirty : JSON.stringify(draft) !== blank;
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [unsaved]);

  /** A refusal: messages under their fields (the first one focused), or the page's message. */
  const refused = (e: unknown, what: string) => {
    const fieldErrors =
      e instanceof ApiError && typeof e.body.errors === "object" && e.body.errors ? (e.body.errors as Errors) : {};
    setErrors(fieldErrors);
    const first = firstInvalid(fieldErrors);
    const count = Object.keys(fieldErrors).length;
    const stalled = e instanceof ApiError && e.status === staleStatus && !first;
    setStale(stalled);
    setOutcome({
      text: first && count > 1 ? `${what}: ${count} fields need a change.` : `${what}: ${errorText(e)}`,
      failed: true,
    });
    if (first) setFocusField({ field: first });
  };

  const save = async (): Promise<RoleDetailAnswer | null> => {
    setOutcome(null);
    setBusy(true);
    try {
      const answer = loaded
        ? await api(`roles/${loaded.role.id}`, roleDetailAnswer, { ...bodyOf(draft), updatedAt: loaded.role.updatedAt })
        : await api("roles", roleDetailAnswer, bodyOf(draft));
      show(answer);
      if (!loaded) void navigate(`/roles/${answer.role.id}`);
      return answer;
    } catch (e) {
      refused(e, "Not saved");
      return null;
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (loaded && !dirty) return setOutcome({ text: "Nothing to save: no field has changed.", failed: false });
    const answer = await save();
    if (!answer) return;
    const { state } = answer.role;
    setOutcome({
      text: !loaded
        ? "Draft saved. It is not on the site until you publish it."
        : state === "draft"
          ? "Saved. The role is still a draft."
          : state === "published"
            ? "Saved. The careers page shows the change within a minute."
            : "Saved. The role stays closed.",
      failed: false,
    });
  };

  const move = async (how: Move) => {
    setConfirming(null);
    let base = loaded;
    if (!base) return;
    if (dirty) {
      base = await save();
      if (!base) return;
    }
    setBusy(true);
    try {
      const answer = await api(`roles/${base.role.id}/${how}`, roleDetailAnswer, { updatedAt: base.role.updatedAt });
      show(answer);
      const address = `${answer.siteUrl}${rolePath(answer.role.slug)}`;
      setOutcome({
        text:
          how === "close"
            ? "Closed. The role leaves the careers page within a minute and takes no more applications."
            : answer.open
              ? `${how === "publish" ? "Published" : "Reopened"}. It is on the careers page within a minute, at ${address}.`
              : `${how === "publish" ? "Published" : "Reopened"}. It is shown from ${dayText(answer.role.datePosted)}, its posting date.`,
        failed: false,
      });
    } catch (e) {
      refused(e, how === "publish" ? "Not published" : how === "close" ? "Not closed" : "Not reopened");
    } finally {
      setBusy(false);
    }
    // The confirmation and its buttons are gone: the focus goes to the heading (a field with a
    // message takes it from there), and the outcome above the form is announced.
    heading.current?.focus();
  };

  const reload = async () => {
    setOutcome(null);
    await load();
    setOutcome({ text: "Reloaded: the form shows the role as it is saved now.", failed: false });
  };

  const set =
    (key: Exclude<keyof RoleDraft, "offices">) =>
    (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setDraft({ ...draft, [key]: e.target.value });
  const toggleOffice = (city: (typeof officeCities)[number], on: boolean) =>
    setDraft({
      ...draft,
      // In the order HR ticks them: the first office names the address and leads the page.
      offices: on ? [...draft.offices, city] : draft.offices.filter((o) => o !== city),
    });

  /** A control's label, message and hint wiring. */
  const wired = (field: RoleField, hint?: string) => {
    const described = [hint, errors[field] ? errorId(field) : undefined].filter(Boolean).join(" ");
    return {
      id: fieldIds[field],
      "aria-invalid": errors[field] ? true : undefined,
      "aria-describedby": described || undefined,
    };
  };
  const message = (field: RoleField) =>
    errors[field] ? (
      <p className="error field-error" id={errorId(field)}>
        {errors[field]}
      </p>
    ) : null;

  if (loadError) {
    return (
      <>
        <h1 tabIndex={-1}>Role</h1>
        <p className="error" role="alert">
          {loadError}
        </p>
        <p>
          <Link to="/roles">All roles</Link>
        </p>
      </>
    );
  }
  if ((id !== null && !loaded) || !settings) return <h1 tabIndex={-1}>{id === null ? "New role" : "Role"}</h1>;

  const published = loaded !== null && loaded.role.state !== "draft";
  const automatic = slugFor(draft.title, draft.offices);
  const publicAddress = loaded ? `${loaded.siteUrl}${rolePath(loaded.role.slug)}` : "";
  const moves: { how: Move; label: string; question: string; action: string; danger?: boolean }[] = !loaded
    ? []
    : loaded.role.state === "draft"
      ? [
          {
            how: "publish",
            label: "Publish",
            question: `${dirty ? "Save your changes and publish" : "Publish"} this role? It appears on the careers page within a minute, at ${publicAddress}.`,
            action: dirty ? "Save and publish" : "Publish",
          },
        ]
      : loaded.role.state === "published"
        ? [
            {
              how: "close",
              label: "Close role",
              question: `Close this role now?${dirty ? " Your changes are saved first." : ""} It leaves the careers page and takes no more applications.`,
              action: dirty ? "Save and close" : "Close role",
              danger: true,
            },
          ]
        : [
            {
              how: "reopen",
              label: "Reopen",
              question: `Reopen this role?${dirty ? " Your changes are saved first." : ""} It is back on the careers page within a minute, at ${publicAddress}.`,
              action: dirty ? "Save and reopen" : "Reopen",
            },
          ];

  return (
    <>
      <p className="crumb">
        <Link to="/roles">All roles</Link>
      </p>
      <h1 tabIndex={-1} ref={heading}>
        {loaded ? loaded.role.title : "New role"}
      </h1>
      {loaded && (
        <p className="role-standing">
          <span className={`state ${loaded.expired ? "expired" : loaded.role.state}`}>
            {standingText(loaded.role, loaded.open, loaded.expired)}
          </span>
          {loaded.open && (
            <>
              {" "}
              at <a href={publicAddress}>{publicAddress}</a>
            </>
          )}
        </p>
      )}
      <div role="status" className="role-outcome">
        {outcome && <p className={outcome.failed ? "error" : "done"}>{outcome.text}</p>}
      </div>
      {stale && (
        <p>
          <button type="button" onClick={() => void reload()}>
            Reload the role
          </button>{" "}
          <span className="hint">What you typed here is replaced by the saved role.</span>
        </p>
      )}

      <form className="role-form" noValidate onSubmit={(e) => void submit(e)} aria-label="Role">
        <div className="role-grid">
          <div className="field">
            <label htmlFor={fieldIds.title}>Title</label>
            <input
              {...wired("title")}
              required
              maxLength={120}
              autoComplete="off"
              value={draft.title}
              onChange={set("title")}
            />
            {message("title")}
          </div>
          <div className="field">
            <label htmlFor={fieldIds.slug}>Address</label>
            <input
              {...wired("slug", "r-slug-hint")}
              readOnly={published}
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              value={draft.slug}
              onChange={set("slug")}
            />
            <p className="hint" id="r-slug-hint">
              {published
                ? "Fixed since the role was published: links to it are already out."
                : draft.slug.trim()
                  ? `The role's page will be ${rolePath(draft.slug.trim())}. Empty it to make one from the title and first office.`
                  : automatic
                    ? `Leave empty for ${rolePath(automatic)}, made from the title and first office.`
                    : "Leave empty to make it from the title and first office."}
            </p>
            {message("slug")}
          </div>
          <div className="field">
            <label htmlFor={fieldIds.position}>Position on the application form</label>
            <select {...wired("position")} required value={draft.position} onChange={set("position")}>
              <option value="">Choose a position</option>
              {settings.positions.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
            {message("position")}
          </div>
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
          {message("offices")}
        </fieldset>

        <div className="role-grid">
          <div className="field">
            <label htmlFor={fieldIds.employmentType}>Employment type</label>
            <select {...wired("employmentType")} required value={draft.employmentType} onChange={set("employmentType")}>
              <option value="">Choose a type</option>
              {Object.entries(typeWords).map(([value, words]) => (
                <option key={value} value={value}>
                  {words}
                </option>
              ))}
            </select>
            {message("employmentType")}
          </div>
          <div className="field">
            <label htmlFor={fieldIds.workplace}>Workplace</label>
            <select {...wired("workplace")} required value={draft.workplace} onChange={set("workplace")}>
              <option value="">Choose a workplace</option>
              {Object.entries(workplaceWords).map(([value, words]) => (
                <option key={value} value={value}>
                  {words}
                </option>
              ))}
            </select>
            {message("workplace")}
          </div>
          <div className="field">
            <label htmlFor={fieldIds.datePosted}>Posted on</label>
            <input
              {...wired("datePosted", "r-posted-hint")}
              type="date"
              required
              value={draft.datePosted}
              onChange={set("datePosted")}
            />
            <p className="hint" id="r-posted-hint">
              Shown on the site from this day (UTC).
            </p>
            {message("datePosted")}
          </div>
          <div className="field">
            <label htmlFor={fieldIds.validThrough}>Closes after</label>
            <input
              {...wired("validThrough", "r-closes-hint")}
              type="date"
              required
              value={draft.validThrough}
              onChange={set("validThrough")}
            />
            <p className="hint" id="r-closes-hint">
              The last day applications are taken (until midnight UTC).
            </p>
            {message("validThrough")}
          </div>
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
            <div className="field">
              <label htmlFor={fieldIds["salary.min"]}>From</label>
              <input
                {...wired("salary.min")}
                inputMode="numeric"
                autoComplete="off"
                value={draft.salaryMin}
                onChange={set("salaryMin")}
              />
              {message("salary.min")}
            </div>
            <div className="field">
              <label htmlFor={fieldIds["salary.max"]}>To</label>
              <input
                {...wired("salary.max")}
                inputMode="numeric"
                autoComplete="off"
                value={draft.salaryMax}
                onChange={set("salaryMax")}
              />
              {message("salary.max")}
            </div>
            <div className="field">
              <label htmlFor={fieldIds["salary.currency"]}>Currency</label>
              <select {...wired("salary.currency")} value={draft.currency} onChange={set("currency")}>
                <option value="">None</option>
                {salaryCurrencies.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
              {message("salary.currency")}
            </div>
            <div className="field">
              <label htmlFor={fieldIds["salary.period"]}>Paid</label>
              <select {...wired("salary.period")} value={draft.period} onChange={set("period")}>
                <option value="">None</option>
                {Object.entries(periodWords).map(([value, words]) => (
                  <option key={value} value={value}>
                    {words}
                  </option>
                ))}
              </select>
              {message("salary.period")}
            </div>
          </div>
          {message("salary")}
        </fieldset>

        <div className="description-pair">
          <div className="field">
            <label htmlFor={fieldIds.description}>Description</label>
            <p className="hint" id="r-description-hint">
              Markdown: a line starting with ## is a heading, with - a list item; [words](https://…) is a link. HTML is
              shown as typed, never run.
            </p>
            <textarea
              {...wired("description", "r-description-hint")}
              required
              rows={18}
              maxLength={20_000}
              value={draft.description}
              onChange={set("description")}
            />
            {message("description")}
          </div>
          <DescriptionPreview markdown={draft.description} id="r-preview-heading" />
        </div>

        <div className="role-actions">
          <button type="submit" className="primary" disabled={busy}>
            {loaded ? "Save" : "Save draft"}
          </button>
          {moves.map((m) => (
            <button
              key={m.how}
              type="button"
              className={m.danger ? "danger" : undefined}
              disabled={busy}
              ref={moveButton}
              aria-expanded={confirming === m.how}
              onClick={() => setConfirming(m.how)}
            >
              {m.label}
            </button>
          ))}
        </div>
        {moves
          .filter((m) => m.how === confirming)
          .map((m) => (
            <ConfirmBox
              key={m.how}
              id="r-confirm"
              question={m.question}
              action={m.action}
              danger={m.danger}
              onConfirm={() => void move(m.how)}
              onCancel={() => {
                setConfirming(null);
                moveButton.current?.focus();
              }}
            />
          ))}
      </form>
    </>
  );
}
