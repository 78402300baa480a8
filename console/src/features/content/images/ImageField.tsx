/**
 * An image for a content item (decision 063): upload one (JPEG, PNG, WebP or AVIF; the server
 * judges the bytes), see it, set its focal point and see the wide and square crops follow, and
 * describe it: the alt text is required, and `imageFieldError` is what a form checks before it
 * saves, so no image is saved without it. The form keeps the value; what it stores is the
 * `ImageReference` that `imageReferenceOf` gives.
 */
import { imageReference, type FocalPoint, type ImageAnswer, type ImageReference } from "@contracts/content/image";
import { useState, type ChangeEvent } from "react";
import { ApiError } from "../../../api";
import { FocalPointPicker } from "./FocalPointPicker";
import { moveFocalPoint, previewPath, uploadImage } from "./images-api";
import "./images.css";

export interface ImageFieldValue {
  image: ImageAnswer | null;
  alt: string;
}

export const emptyImageField: ImageFieldValue = { image: null, alt: "" };

/** The reference to store, or the message that says what is missing. */
export function imageReferenceOf(
  value: ImageFieldValue,
): { ok: true; reference: ImageReference } | { ok: false; message: string } {
  if (!value.image) return { ok: false, message: "Upload an image." };
  const parsed = imageReference.safeParse({ imageId: value.image.id, alt: value.alt });
  return parsed.success
    ? { ok: true, reference: parsed.data }
    : { ok: false, message: parsed.error.issues[0]!.message };
}

/** The message a form shows under the field before saving, or undefined when it may save. */
export function imageFieldError(value: ImageFieldValue): string | undefined {
  const checked = imageReferenceOf(value);
  return checked.ok ? undefined : checked.message;
}

const accept = "image/jpeg,image/png,image/webp,image/avif";
const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : "Something went wrong. Try again; if it happens again, reload the page.";

/** The widest preview that is at most 960 px: sharp enough for the console, light to load. */
function previewWidth(widths: readonly number[]): number {
  return [...widths].reverse().find((w) => w <= 960) ?? widths[0]!;
}

export function ImageField(props: {
  id: string;
  label: string;
  value: ImageFieldValue;
  onChange: (value: ImageFieldValue) => void;
  /** The form's message for this field (from `imageFieldError` when it tried to save). */
  error?: string;
}) {
  const { id, value, onChange } = props;
  const [busy, setBusy] = useState<"uploading" | "cropping" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [focal, setFocal] = useState<FocalPoint | null>(null);
  const image = value.image;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setBusy("uploading");
    setFailure(null);
    try {
      const uploaded = await uploadImage(file);
      setFocal(null);
      onChange({ ...value, image: uploaded });
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(null);
      event.target.value = "";
    }
  }

  async function onCommit(next: FocalPoint) {
    if (!image || (next.x === image.focal.x && next.y === image.focal.y)) return;
    setBusy("cropping");
    setFailure(null);
    try {
      onChange({ ...value, image: await moveFocalPoint(image.id, next) });
      setFocal(null);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(null);
    }
  }

  const altError = props.error && image ? props.error : undefined;
  const fileError = props.error && !image ? props.error : undefined;
  const variant = (aspect: "original" | "16x9" | "1x1", width: number) =>
    image && previewPath({ id: image.id, rev: image.rev, aspect, width, format: "webp" });

  return (
    <fieldset className="image-field" aria-describedby={`${id}-status`}>
      <legend>{props.label}</legend>
      {image && (
        <div className="image-field-preview">
          <FocalPointPicker
            src={variant("original", previewWidth(image.renditions.original.widths))!}
            width={image.renditions.original.width}
            height={image.renditions.original.height}
            value={focal ?? image.focal}
            onChange={setFocal}
            onCommit={(next) => void onCommit(next)}
          />
          <div className="image-field-crops">
            {(["16x9", "1x1"] as const).map((aspect) => (
              <figure key={aspect}>
                <img
                  src={variant(aspect, image.renditions[aspect].widths[0]!)!}
                  alt=""
                  width={image.renditions[aspect].width}
                  height={image.renditions[aspect].height}
                />
                <figcaption>{aspect === "16x9" ? "Wide crop (16:9)" : "Square crop"}</figcaption>
              </figure>
            ))}
          </div>
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-file`}>{image ? "Replace the image" : "Upload an image"}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept={accept}
          onChange={(event) => void onFile(event)}
          disabled={busy !== null}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${id}-file-hint${fileError ? ` ${id}-file-error` : ""}`}
        />
        <p id={`${id}-file-hint`} className="hint">
          JPEG, PNG, WebP or AVIF, up to 20 MB and 40 megapixels. SVG is not accepted. Location and camera details are
          removed before the image is stored.
        </p>
        {fileError && (
          <p id={`${id}-file-error`} className="error field-error">
            {fileError}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-alt`}>Alt text (required)</label>
        <input
          id={`${id}-alt`}
          type="text"
          required
          maxLength={300}
          value={value.alt}
          onChange={(event) => onChange({ ...value, alt: event.target.value })}
          aria-invalid={altError ? true : undefined}
          aria-describedby={`${id}-alt-hint${altError ? ` ${id}-alt-error` : ""}`}
        />
        <p id={`${id}-alt-hint`} className="hint">
          What the image shows, for someone who cannot see it: "Two engineers reviewing a deployment dashboard".
        </p>
        {altError && (
          <p id={`${id}-alt-error`} className="error field-error">
            {altError}
          </p>
        )}
      </div>
      <p id={`${id}-status`} role="status" className="hint">
        {busy === "uploading" ? "Uploading and resizing…" : busy === "cropping" ? "Cutting the crops again…" : ""}
      </p>
      {failure && (
        <p role="alert" className="error">
          {failure}
        </p>
      )}
    </fieldset>
  );
}
