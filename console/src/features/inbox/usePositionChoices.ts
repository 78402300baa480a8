import { positionsAnswer } from "@contracts/console-answers";
import { useEffect, useState } from "react";
import { api } from "../../api";

/**
 * Every position, retired ones too, for filters over applications already sent (decision 040):
 * the positions table as the server answers it, never a list built into the console.
 */
export function usePositionChoices(wanted: boolean): string[] {
  const [positions, setPositions] = useState<string[]>([]);
  useEffect(() => {
    if (!wanted) return;
    api("positions", positionsAnswer).then(
      (answer) => setPositions(answer.positions.map((p) => p.name)),
      // Without the list the filter still offers "any position" and the one in the address.
      () => setPositions([]),
    );
  }, [wanted]);
  return positions;
}
