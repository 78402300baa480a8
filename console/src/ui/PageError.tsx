import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from "react-router";
import { AnswerNotUnderstood, ApiError, errorText } from "../api";
import { NotFoundPage, notInRole } from "./NotFoundPage";
import { useTitle } from "./useTitle";

/**
 * What a page shows when its data could not be loaded or it failed to draw: one place for every
 * page (the router's error element), inside the layout, with a way on: asking again, or, when the
 * server says the person's role does not reach this, or a submission cannot be shown (erased, or
 * not of a kind they read: the same words for both), back to the inbox, since asking again would
 * be refused again.
 */
export function PageError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage notInRole={error.data === notInRole} />;
  // A submission's address that names none this person may open: erased, never there or not of
  // their kinds, all in the server's one set of words, so the page does not say which.
  if (error instanceof ApiError && error.body.unavailable === true) return <Unavailable message={error.message} />;
  if (error instanceof ApiError && error.status === 403) return <NotYours message={error.message} />;
  return <LoadFailed error={error} />;
}

function Unavailable({ message }: { message: string }) {
  useTitle("Submission not available");
  return (
    <>
      <h1 tabIndex={-1}>Submission not available</h1>
      <p role="alert">{message}</p>
      <p>
        <Link to="/">Back to the inbox</Link>
      </p>
    </>
  );
}

function NotYours({ message }: { message: string }) {
  useTitle("Not open to your role");
  return (
    <>
      <h1 tabIndex={-1}>Not open to your role</h1>
      <p className="error" role="alert">
        {message}
      </p>
      <p>
        <Link to="/">Back to the inbox</Link>
      </p>
    </>
  );
}

function LoadFailed({ error }: { error: unknown }) {
  const revalidator = useRevalidator();
  const misunderstood = error instanceof AnswerNotUnderstood;
  const title = misunderstood ? "The server's answer was not understood" : "This page could not be loaded";
  useTitle(title);
  return (
    <>
      <h1 tabIndex={-1}>{title}</h1>
      <p className="error" role="alert">
        {misunderstood
          ? "The server answered with something this console does not expect, so nothing of it is shown. Try again; if it happens again, the console and the server may be different versions: reload the page, or tell the person who runs the server."
          : errorText(error)}
      </p>
      <button
        type="button"
        className="primary"
        onClick={() => void revalidator.revalidate()}
        disabled={revalidator.state === "loading"}
      >
        Try again
      </button>
    </>
  );
}
