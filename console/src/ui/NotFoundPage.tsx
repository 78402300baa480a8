import { Link } from "react-router";
import { useTitle } from "./useTitle";

export function NotFoundPage() {
  useTitle("Page not found");
  return (
    <>
      <h1 tabIndex={-1}>Page not found</h1>
      <p>
        There is no console page at this address, or your role does not include it.{" "}
        <Link to="/">Back to the inbox</Link>
      </p>
    </>
  );
}
