/**
 * An item's search and share fields (contracts/content/seo.ts) with length counters and a search
 * result's preview. The counters say what is wrong in words, and the field carries aria-invalid;
 * saving a draft out of bounds is allowed, publishing is not (the store checks seoFields).
 */
import type { SeoFieldsDraft } from "@contracts/content/seo";
import { seoLimits } from "@contracts/content/seo";
import { type ReactNode, useId } from "react";
import { lengthVerdict } from "./snippet";
import { SnippetPreview } from "./SnippetPreview";
import "./seo.css";

export interface SeoFieldsProps {
  value: SeoFieldsDraft;
  onChange: (value: SeoFieldsDraft) => void;
  /** The item's address on the site, absolute. */
  url: string;
  /** What the site adds after every title ("Altiva Cloud"). */
  siteName: string;
  /** Opens the images part's picker for the share picture. */
  onPickSharePicture?: () => Promise<NonNullable<SeoFieldsDraft["sharePicture"]> | null>;
  /** Draws the chosen picture small (the images part's preview). */
  renderSharePicture?: (imageId: string, alt: string) => ReactNode;
}

function Counted(props: {
  label: string;
  value: string;
  min: number;
  max: number;
  multiline?: boolean;
  hint: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const verdict = lengthVerdict(props.value.trim().length, props.min, props.max);
  const common = {
    id,
    value: props.value,
    "aria-invalid": !verdict.ok || undefined,
    "aria-describedby": `${id}-count ${id}-hint`,
  };
  return (
    <div className="seo-field">
      <label htmlFor={id}>{props.label}</label>
      {props.multiline ? (
        <textarea {...common} rows={3} onChange={(event) => props.onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(event) => props.onChange(event.target.value)} />
      )}
      <p id={`${id}-count`} className={verdict.ok ? "seo-count" : "seo-count error"}>
        {verdict.text}
      </p>
      <p id={`${id}-hint`} className="hint">
        {props.hint}
      </p>
    </div>
  );
}

export function SeoFields({ value, onChange, url, siteName, onPickSharePicture, renderSharePicture }: SeoFieldsProps) {
  const picture = value.sharePicture;
  return (
    <fieldset className="seo-fields">
      <legend>Search and sharing</legend>
      <Counted
        label="Search title"
        value={value.title}
        min={1}
        max={seoLimits.titleMax}
        hint={`The page's title says it with " | ${siteName}" after it; a search result shows about ${seoLimits.titleMax} characters.`}
        onChange={(title) => onChange({ ...value, title })}
      />
      <Counted
        label="Search description"
        value={value.description}
        min={seoLimits.descriptionMin}
        max={seoLimits.descriptionMax}
        multiline
        hint="What the page offers, in a sentence or two: the words a search result shows under the title."
        onChange={(description) => onChange({ ...value, description })}
      />
      <div className="seo-field">
        <p className="seo-label">Share picture</p>
        {picture ? (
          <>
            {renderSharePicture?.(picture.imageId, picture.alt) ?? <p>{picture.alt}</p>}
            <button type="button" onClick={() => onChange({ ...value, sharePicture: null })}>
              Use the drawn picture instead
            </button>
          </>
        ) : (
          <p className="hint">None chosen: a shared link shows the site's drawn picture with the title.</p>
        )}
        {onPickSharePicture && (
          <button
            type="button"
            onClick={async () => {
              const chosen = await onPickSharePicture();
              if (chosen) onChange({ ...value, sharePicture: chosen });
            }}
          >
            {picture ? "Choose another share picture" : "Choose a share picture"}
          </button>
        )}
      </div>
      <SnippetPreview title={value.title} description={value.description} url={url} siteName={siteName} />
    </fieldset>
  );
}
