/**
 * Where the subject of an image is, set by pointer (a click or tap on the picture) or by keyboard
 * (arrow keys move it by 5%, with Shift by 1%). The crops are cut around it. The crosshair is SVG
 * drawn in the picture's own coordinates: no inline style (the console's CSP forbids them).
 * `onCommit` is told when a move is finished (pointer up, or the picker losing focus after keys),
 * so the server cuts the crops once per move, not per key press.
 */
import type { FocalPoint } from "@contracts/content/image";
import { useState, type KeyboardEvent, type PointerEvent } from "react";

const step = { normal: 0.05, fine: 0.01 };
const clamp = (n: number) => Math.round(Math.max(0, Math.min(1, n)) * 100) / 100;
const percent = (n: number) => `${Math.round(n * 100)}%`;

export function describeFocal(f: FocalPoint): string {
  return `${percent(f.x)} from the left, ${percent(f.y)} from the top`;
}

export function FocalPointPicker(props: {
  src: string;
  /** The picture's pixel size, for its box before it loads. */
  width: number;
  height: number;
  value: FocalPoint;
  onChange: (focal: FocalPoint) => void;
  onCommit: (focal: FocalPoint) => void;
}) {
  const { value, onChange, onCommit } = props;
  const [moved, setMoved] = useState(false);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const by = event.shiftKey ? step.fine : step.normal;
    const moves: Record<string, FocalPoint> = {
      ArrowLeft: { x: value.x - by, y: value.y },
      ArrowRight: { x: value.x + by, y: value.y },
      ArrowUp: { x: value.x, y: value.y - by },
      ArrowDown: { x: value.x, y: value.y + by },
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    setMoved(true);
    onChange({ x: clamp(next.x), y: clamp(next.y) });
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const next = { x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) };
    onChange(next);
    onCommit(next);
  }

  function onBlur() {
    if (!moved) return;
    setMoved(false);
    onCommit(value);
  }

  return (
    <div className="focal-picker">
      <div
        className="focal-picker-area"
        role="slider"
        tabIndex={0}
        aria-label="Focal point"
        aria-valuetext={describeFocal(value)}
        aria-valuenow={Math.round(value.x * 100)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-describedby="focal-picker-hint"
        onKeyDown={onKeyDown}
        onPointerUp={onPointerUp}
        onBlur={onBlur}
      >
        <img src={props.src} alt="" width={props.width} height={props.height} draggable={false} />
        <svg viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true" focusable="false">
          <line x1={value.x * 100} x2={value.x * 100} y1="0" y2="100" vectorEffect="non-scaling-stroke" />
          <line x1="0" x2="100" y1={value.y * 100} y2={value.y * 100} vectorEffect="non-scaling-stroke" />
        </svg>
      </div>
      <p id="focal-picker-hint" className="hint">
        Click the subject, or focus the picture and use the arrow keys (Shift for small steps). The wide and square
        crops keep this point in view. Now: {describeFocal(value)}.
      </p>
    </div>
  );
}
