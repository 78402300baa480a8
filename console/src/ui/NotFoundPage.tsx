import { Link } from "react-router";
import { useTitle } from "./useTitle";

/** The gate's 404 for a console page the person's role does not reach (router.tsx). */
export const notInRole = "not in your role";

/**
 * No page here. An address that names no console page says only that; one that names a page the
 * person's role does not reach says so, since the console's pages are no secret (every bundle
 * lists them) and "no such page" would send them looking for a typo.
 */
export function NotFoundPage(props: { notInRole?: boolean }) {
  useTitle("Page not found");
  return (
    <>
      <h1 tabIndex={-1}>Page not found</h1>
      <p>
        {props.notInRole
          ? "This console page is not part of your role."
          : "There is no console page at this address: check it for a typing mistake."}{" "}
        <Link to="/">Back to the start</Link>
      </p>
    </>
  );
}
