import type { RoleDetailAnswer } from "@contracts/console-answers";
import { standingText } from "./role-form";

/** Where a saved role stands (draft, published, closed, expired), with its public address while open. */
export function RoleStanding({ loaded, publicAddress }: { loaded: RoleDetailAnswer; publicAddress: string }) {
  return (
    <p className="role-standing">
      <span className={`state ${loaded.expired ? "expired" : loaded.role.state}`}>
        {standingText(loaded.role, loaded.open, loaded.expired)}
      </span>
      {loaded.open && (
        <>
          {" "}
          at <a href={publicAddress}>{publicAddress}</a>
        </>
      )}
    </p>
  );
}
