/**
 * A collection's items (case studies today; any collection the API names): title, standing, who
 * changed it last and when, in the company's time zone, and the way to a new one. Collections
 * beside this one are linked above the list.
 */
import { collectionNames, contentCollections } from "@contracts/content/items";
import { Link, useLoaderData } from "react-router";
import { useTitle } from "../../ui/useTitle";
import "./content.css";
import { editableCollections } from "./collection-forms";
import { newLabel, pluralLabel } from "./content-api";
import type { contentListLoader } from "./content-loaders";
import { byWhomWhen, statusText } from "./item-status";

export function ContentListPage() {
  const { collection, items, timeZone } = useLoaderData<Awaited<ReturnType<ReturnType<typeof contentListLoader>>>>();
  const heading = pluralLabel(collection);
  const editable = editableCollections.has(collection);
  useTitle(heading);
  return (
    <>
      {collectionNames.length > 1 && (
        <nav aria-label="Collections" className="content-collections">
          <ul>
            {collectionNames.map((c) => (
              <li key={c}>
                <Link to={`/content/${c}`} aria-current={c === collection ? "page" : undefined}>
                  {pluralLabel(c)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <h1 tabIndex={-1}>{heading}</h1>
      <p>
        Drafts are saved as you type and stay off the site until you publish them, now or at a time you choose. Every
        publish is kept in the item's history and can be restored.
      </p>
      {editable && (
        <p>
          <Link className="button" to={`/content/${collection}/new`}>
            {newLabel(collection)}
          </Link>
        </p>
      )}
      {items.length === 0 ? (
        <p>No {pluralLabel(collection).toLowerCase()} yet.</p>
      ) : (
        <table className="cards content-list">
          <caption className="visually-hidden">{heading}, last changed first</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col">Last changed</th>
              <th scope="col">On the site</th>
            </tr>
          </thead>
          <tbody>
            {[...items]
              .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
              .map((item) => (
                <tr key={item.id}>
                  <th scope="row">
                    {editable ? <Link to={`/content/${collection}/${item.id}`}>{item.title}</Link> : item.title}
                  </th>
                  <td data-label="Status">
                    <span className={`state ${item.status}`}>{statusText(item, timeZone)}</span>
                  </td>
                  <td data-label="Last changed">{byWhomWhen(item.updatedBy, item.updatedAt, timeZone)}</td>
                  <td data-label="On the site">
                    {item.liveSlug ? (
                      <a href={contentCollections[collection].path(item.liveSlug)}>
                        {contentCollections[collection].path(item.liveSlug)}
                      </a>
                    ) : (
                      "–"
                    )}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
    </>
  );
}
