import type { ReactNode } from "react";

/**
 * A page that loads one answer, before it has it: the way back, the page's heading and, when the
 * answer failed, why. The heading is the same element the loaded page shows, so the focus the
 * page's opening gave it stays.
 */
export function PageLoading({ back, heading, error }: { back: ReactNode; heading: string; error: string }) {
  return (
    <>
      {back}
      <h1 tabIndex={-1}>{heading}</h1>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
