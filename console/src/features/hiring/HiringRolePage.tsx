import { statusAnswer } from "@contracts/console-answers";
import { decisionStatuses, type DecisionStatus } from "@contracts/careers/decision-templates";
import { bulkLimit, bulkMoveAnswer, roleApplicantsAnswer } from "@contracts/pipeline-answers";
import { useEffect, useRef, useState } from "react";
import { Link, useLoaderData } from "react-router";
import { api, errorText } from "../../api";
import { useTitle } from "../../ui/useTitle";
import { inboxHref } from "../inbox/inbox-filters";
import { BoardCard } from "./BoardCard";
import { findCard, moveCards, stageOf, type Columns } from "./board-state";
import { BulkDecisionMail } from "./BulkDecisionMail";

/**
 * One role's board (issue 44, decision 071): a column per stage, newest first within each, a card
 * per candidate. A card moves by dragging it to a column or by its Move button; either way
 * through the status route (one audit entry a move), and the result is said in the status line
 * above the board. Selected cards move together, or get the same decision e-mail. Each name
 * opens the application with this view's Previous and Next (`?hiring=<id>`).
 */
export const hiringRoleLoader = (id: number) => api(`hiring/${id}`, roleApplicantsAnswer);

const slug = (stage: string) => stage.replace(/\W+/g, "-");

export function HiringRolePage() {
  const data = useLoaderData<typeof hiringRoleLoader>();
  useTitle(`${data.role.title}: board`);
  const { role } = data;
  const stages = data.stages.map((s) => s.stage);
  const [columns, setColumns] = useState<Columns>(data.stages);
  const [selected, setSelected] = useState<number[]>([]);
  const [said, setSaid] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const [bulkTo, setBulkTo] = useState(stages[1] ?? stages[0]!);
  // After a move by keyboard the focus follows the card to its new column.
  const [follow, setFollow] = useState<{ id: number; n: number } | null>(null);
  useEffect(() => {
    if (follow) document.getElementById(`move-${follow.id}`)?.focus();
  }, [follow]);

  const moveOne = async (id: number, to: string, byKeyboard: boolean) => {
    const card = findCard(columns, id);
    const from = stageOf(columns, id);
    if (!card || from === to || busy) return;
    setBusy(true);
    try {
      await api(`submissions/${id}/status`, statusAnswer, { status: to });
      setColumns((c) => moveCards(c, [id], to));
      setSaid({ text: `${card.name} moved from “${from}” to “${to}”.`, failed: false });
      if (byKeyboard) setFollow((f) => ({ id, n: (f?.n ?? 0) + 1 }));
    } catch (error) {
      setSaid({ text: `${card.name} was not moved: ${errorText(error)}`, failed: true });
    } finally {
      setBusy(false);
    }
  };

  const moveSelected = async () => {
    if (selected.length === 0 || busy) return;
    setBusy(true);
    try {
      const { results } = await api("hiring/bulk/move", bulkMoveAnswer, { ids: selected, status: bulkTo });
      const moved = results.filter((r) => r.outcome === "done").map((r) => r.id);
      setColumns((c) => moveCards(c, moved, bulkTo));
      const missed = results.length - moved.length;
      setSaid({
        text:
          `${moved.length === 1 ? "One candidate" : `${moved.length} candidates`} moved to “${bulkTo}”.` +
          (missed > 0 ? ` ${missed} could not be moved: erased, or no longer in your view.` : ""),
        failed: missed > 0,
      });
    } catch (error) {
      setSaid({ text: errorText(error), failed: true });
    } finally {
      setBusy(false);
    }
  };

  const select = (id: number, on: boolean) =>
    setSelected((list) => (on ? [...list.filter((x) => x !== id), id] : list.filter((x) => x !== id)));
  const selectedStages = new Set(selected.map((id) => stageOf(columns, id)));
  const onlyStage = selectedStages.size === 1 ? [...selectedStages][0] : undefined;
  const suggested: DecisionStatus = (decisionStatuses as readonly string[]).includes(onlyStage ?? "")
    ? (onlyStage as DecisionStatus)
    : "not selected";
  const total = columns.reduce((n, s) => n + s.total, 0);
  const actions = useRef<HTMLHeadingElement>(null);
  const toActions = () => {
    actions.current?.scrollIntoView({ block: "start" });
    actions.current?.focus();
  };

  return (
    <>
      <p>
        <Link to="/hiring">Hiring</Link>
      </p>
      <h1 tabIndex={-1}>{role.title}</h1>
      <p>
        {[role.offices.join(", "), role.position, role.state].filter(Boolean).join(" · ")}.{" "}
        {total === 1 ? "One application" : `${total} applications`}.{" "}
        <Link to={inboxHref({ kind: "application", role: role.slug })}>Open them in the inbox</Link>
        {" · "}
        <Link to={inboxHref({ kind: "application", position: role.position })}>Every {role.position} application</Link>
      </p>
      <p className="hint">
        Drag a card to another stage, or use its Move button. Tick cards to move them together or to send each the same
        decision e-mail.
      </p>
      <div role="status" className="board-said">
        {said && <p className={said.failed ? "error" : "ok"}>{said.text}</p>}
      </div>

      <div className="board">
        {columns.map((column) => (
          <section
            key={column.stage}
            aria-labelledby={`stage-${slug(column.stage)}`}
            className={`board-column stage${dropTarget === column.stage ? " drop" : ""}`}
            onDragOver={(e) => {
              e.preventDefault();
              e.dataTransfer.dropEffect = "move";
              setDropTarget(column.stage);
            }}
            onDragLeave={() => setDropTarget((t) => (t === column.stage ? null : t))}
            onDrop={(e) => {
              e.preventDefault();
              setDropTarget(null);
              const id = Number(e.dataTransfer.getData("text/plain"));
              if (id) void moveOne(id, column.stage, false);
            }}
          >
            <h2 id={`stage-${slug(column.stage)}`}>
              {column.stage} <span className="hint">({column.total})</span>
            </h2>
            {column.total === 0 ? (
              <p className="hint">Nobody at this stage.</p>
            ) : (
              <ul className="board-cards">
                {column.applicants.map((card) => (
                  <BoardCard
                    key={card.id}
                    card={card}
                    roleId={role.id}
                    stage={column.stage}
                    stages={stages}
                    selected={selected.includes(card.id)}
                    busy={busy}
                    onSelect={(on) => select(card.id, on)}
                    onMove={(to) => void moveOne(card.id, to, true)}
                  />
                ))}
              </ul>
            )}
            {column.total > column.applicants.length && (
              <p>
                <Link to={inboxHref({ kind: "application", role: role.slug, status: column.stage })}>
                  All {column.total} at “{column.stage}” in the inbox
                </Link>
              </p>
            )}
          </section>
        ))}
      </div>

      {selected.length > 0 && (
        <p className="bulk-jump">
          <button type="button" onClick={toActions}>
            {selected.length === 1 ? "One selected" : `${selected.length} selected`}: move or e-mail
          </button>
        </p>
      )}
      <section aria-labelledby="h-selected" className="bulk">
        <h2 id="h-selected" tabIndex={-1} ref={actions}>
          {selected.length === 0
            ? "None selected"
            : selected.length === 1
              ? "One candidate selected"
              : `${selected.length} candidates selected`}
        </h2>
        {selected.length === 0 ? (
          <p className="hint">Tick candidates on the board to act on up to {bulkLimit} at once.</p>
        ) : selected.length > bulkLimit ? (
          <p className="error">
            {selected.length} are selected; act on up to {bulkLimit} at once.
          </p>
        ) : (
          <>
            <div className="bulk-row">
              <div>
                <label htmlFor="bulk-to">Move them to</label>
                <select id="bulk-to" value={bulkTo} onChange={(e) => setBulkTo(e.target.value)}>
                  {stages.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </div>
              {/* aria-disabled, not disabled: a disabled button drops the focus to the page's body. */}
              <button type="button" aria-disabled={busy} onClick={() => void moveSelected()}>
                Move {selected.length === 1 ? "one candidate" : `${selected.length} candidates`}
              </button>
              <button type="button" className="link" onClick={() => setSelected([])}>
                Clear the selection
              </button>
            </div>
            <BulkDecisionMail key={suggested} ids={selected} suggested={suggested} />
          </>
        )}
      </section>
    </>
  );
}
