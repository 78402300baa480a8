import { roleDetailAnswer, rolesAnswer } from "@contracts/console-answers";
import type { RoleDetailAnswer } from "@contracts/console-answers";
import { rolePath } from "@contracts/careers/roles";
import { useCallback, useEffect, useRef, useState } from "react";
import { api, ApiError, errorText } from "../../api";
import { movesFor, type Move } from "./role-moves";
import { RoleActions } from "./RoleActions";
import { RoleFields } from "./RoleFields";
import type { Errors } from "./RoleField";
import { RoleStanding } from "./RoleStanding";
import {
  bodyOf,
  dayText,
  draftOf,
  emptyDraft,
  fieldIds,
  firstInvalid,
  type RoleDraft,
  type RoleField,
} from "./role-form";
import { Link, useLoaderData, useNavigate } from "react-router";
import { useTitle } from "../../ui/useTitle";

/** The server's answer when the role changed under the person (role-routes.ts staleMessage). */
const staleStatus = 409;

/**
 * The editor's route loader: a saved role (id) as the server keeps it, or, for a new one (0), the
 * site's address and the positions its fields offer.
 */
export async function roleLoader(id: number) {
  if (id === 0) {
    const list = await api("roles", rolesAnswer);
    return { detail: null, settings: { siteUrl: list.siteUrl, positions: list.positions } };
  }
  const detail = await api(`roles/${id}`, roleDetailAnswer);
  return { detail, settings: { siteUrl: detail.siteUrl, positions: detail.positions } };
}

/**
 * One role, new or saved: every field with its label and its message under it, the description
 * beside its preview, Save (the state stays), and Publish, Close or Reopen after a confirmation.
 * Every change carries the version it was based on; when a colleague saved in between, the server
 * refuses and the page says so, keeping what was typed here until the person reloads. The page
 * stays mounted across a new role's first save: it moves to the role's address with the answer in
 * hand, and the loader's answer for that address is the same role.
 */
export function RoleEditPage() {
  const navigate = useNavigate();
  const data = useLoaderData<typeof roleLoader>();
  const [loaded, setLoaded] = useState<RoleDetailAnswer | null>(data.detail);
  const settings = loaded ? { siteUrl: loaded.siteUrl, positions: loaded.positions } : data.settings;
  const [draft, setDraft] = useState<RoleDraft>(() =>
    data.detail ? draftOf(data.detail.role) : emptyDraft(new Date()),
  );
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const [focusField, setFocusField] = useState<{ field: RoleField } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useTitle(loaded ? loaded.role.title : "New role");

  const show = useCallback((answer: RoleDetailAnswer) => {
    setLoaded(answer);
    setDraft(draftOf(answer.role));
    setErrors({});
    setStale(false);
  }, []);
  // Another role loaded into this page (the address changed to another id): shown as loaded.
  const shownId = loaded?.role.id;
  useEffect(() => {
    if (data.detail && data.detail.role.id !== shownId) show(data.detail);
    // Only a new answer from the loader moves the page; a save's answer is shown by show() itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

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

  // Asked here, not through the loader: the page keeps its messages and moves to no other address.
  const reload = async () => {
    if (!loaded) return;
    setOutcome(null);
    try {
      show(await api(`roles/${loaded.role.id}`, roleDetailAnswer));
      setOutcome({ text: "Reloaded: the form shows the role as it is saved now.", failed: false });
    } catch (e) {
      setOutcome({ text: `Not reloaded: ${errorText(e)}`, failed: true });
    }
  };

  const published = loaded !== null && loaded.role.state !== "draft";
  const publicAddress = loaded ? `${loaded.siteUrl}${rolePath(loaded.role.slug)}` : "";
  const moves = movesFor(loaded, dirty, publicAddress);

  return (
    <>
      <p className="crumb">
        <Link to="/roles">All roles</Link>
      </p>
      <h1 tabIndex={-1} ref={heading}>
        {loaded ? loaded.role.title : "New role"}
      </h1>
      {loaded && <RoleStanding loaded={loaded} publicAddress={publicAddress} />}
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
        <RoleFields
          draft={draft}
          onDraft={setDraft}
          errors={errors}
          positions={settings.positions}
          published={published}
          siteUrl={settings.siteUrl}
        />

        <RoleActions
          saveLabel={loaded ? "Save" : "Save draft"}
          moves={moves}
          busy={busy}
          onMove={(how) => void move(how)}
        />
      </form>
    </>
  );
}
