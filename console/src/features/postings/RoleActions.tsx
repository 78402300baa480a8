import { useRef, useState } from "react";
import { ConfirmBox } from "../../ui/ConfirmBox";
import type { Move, RoleMove } from "./role-moves";

/**
 * The role editor's buttons: Save, and the role's next move, which asks its question first. Cancel
 * gives the focus back to the move's button; a confirmed move is the page's to carry out.
 */
export function RoleActions(props: {
  saveLabel: string;
  moves: RoleMove[];
  busy: boolean;
  onMove: (how: Move) => void;
}) {
  const [confirming, setConfirming] = useState<Move | null>(null);
  const moveButton = useRef<HTMLButtonElement>(null);
  return (
    <>
      <div className="role-actions">
        <button type="submit" className="primary" disabled={props.busy}>
          {props.saveLabel}
        </button>
        {props.moves.map((m) => (
          <button
            key={m.how}
            type="button"
            className={m.danger ? "danger" : undefined}
            disabled={props.busy}
            ref={moveButton}
            aria-expanded={confirming === m.how}
            onClick={() => setConfirming(m.how)}
          >
            {m.label}
          </button>
        ))}
      </div>
      {props.moves
        .filter((m) => m.how === confirming)
        .map((m) => (
          <ConfirmBox
            key={m.how}
            id="r-confirm"
            question={m.question}
            action={m.action}
            danger={m.danger}
            onConfirm={() => {
              setConfirming(null);
              props.onMove(m.how);
            }}
            onCancel={() => {
              setConfirming(null);
              moveButton.current?.focus();
            }}
          />
        ))}
    </>
  );
}
