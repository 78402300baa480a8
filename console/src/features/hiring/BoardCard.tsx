import type { ApplicantAnswer } from "@contracts/pipeline-answers";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";

/** "20 Nov 2026": short enough for a card in a seventh of the page. */
const shortDay = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/**
 * One candidate on a role's board: selectable, opened by its name, moved by dragging or by its
 * Move button, which lists the other stages as buttons (a disclosure, so a keyboard or a screen
 * reader moves a card as easily as a mouse). Escape closes the list and gives the focus back.
 */
export function BoardCard(props: {
  card: ApplicantAnswer;
  roleId: number;
  stage: string;
  stages: readonly string[];
  selected: boolean;
  busy: boolean;
  onSelect: (selected: boolean) => void;
  onMove: (to: string) => void;
}) {
  const { card, roleId, stage, stages, selected, busy } = props;
  const [open, setOpen] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) list.current?.querySelector("button")?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const listId = `move-to-${card.id}`;
  return (
    <li
      className={`board-card${selected ? " selected" : ""}`}
      draggable={!busy}
      onDragStart={(e) => {
        e.dataTransfer.setData("text/plain", String(card.id));
        e.dataTransfer.effectAllowed = "move";
      }}
    >
      <div className="board-card-head">
        <input
          type="checkbox"
          id={`select-${card.id}`}
          checked={selected}
          onChange={(e) => props.onSelect(e.target.checked)}
          aria-label={`Select ${card.name}`}
        />
        <Link to={`/submissions/${card.id}?hiring=${roleId}`} className={card.unread ? "unread" : undefined}>
          {card.unread && <span className="visually-hidden">Unread: </span>}
          {card.name}
        </Link>
      </div>
      <p className="board-card-facts">
        {card.unread && (
          <span className="board-unread" aria-hidden="true">
            Unread
          </span>
        )}
        Applied <span className="day">{shortDay(card.created_at)}</span>
      </p>
      <button
        type="button"
        ref={toggle}
        id={`move-${card.id}`}
        className="board-move"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        disabled={busy}
        onClick={() => setOpen(!open)}
      >
        Move<span className="visually-hidden"> {card.name}</span>
      </button>
      {open && (
        <ul id={listId} ref={list} className="board-move-list" aria-label={`Move ${card.name} to`}>
          {stages
            .filter((s) => s !== stage)
            .map((s) => (
              <li key={s}>
                <button
                  type="button"
                  className="link"
                  onKeyDown={(e) => {
                    if (e.key === "Escape") {
                      e.preventDefault();
                      close();
                    }
                  }}
                  onClick={() => {
                    setOpen(false);
                    props.onMove(s);
                  }}
                >
                  To “{s}”
                </button>
              </li>
            ))}
        </ul>
      )}
    </li>
  );
}
