import { useId } from "react";
import { snippetAddress, snippetDescription, snippetTitle } from "./snippet";

interface SnippetPreviewProps {
  title: string;
  description: string;
  /** The item's address on the site, absolute. */
  url: string;
  siteName: string;
}

/** The item as a search result would show it: address, title and description, each cut where a result cuts. */
export function SnippetPreview({ title, description, url, siteName }: SnippetPreviewProps) {
  const id = useId();
  return (
    <figure className="search-snippet" aria-labelledby={id}>
      <figcaption id={id}>As a search result</figcaption>
      <div className="search-snippet__result">
        <p className="search-snippet__address">{snippetAddress(url)}</p>
        <p className="search-snippet__title">{snippetTitle(title || "(no search title)", siteName)}</p>
        <p className="search-snippet__description">
          {description.trim()
            ? snippetDescription(description)
            : "No description: the search engine will pick words from the page itself."}
        </p>
      </div>
    </figure>
  );
}
