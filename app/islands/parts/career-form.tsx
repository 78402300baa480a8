import type { AppliedRole } from "@contracts/careers/applied-role";
import { applicationFormWith } from "@contracts/careers/position-options";
import { readCareersData } from "~/components/careers/careers-data";
import { CareerForm } from "~/components/forms/career-form";

export interface CareerFormProps {
  role?: AppliedRole;
  positions: readonly string[];
}

export default function CareerFormIsland({ role, positions }: CareerFormProps) {
  return <CareerForm role={role} definition={applicationFormWith(positions)} />;
}

/**
 * In the browser the props come from the page itself, not from the island's data-props: the
 * careers pages are made by the server from prerendered templates (decision 032), which write the
 * roles and positions of the request into the careers-data block (the build's props would be the
 * sample's).
 */
export function propsFromPage(): CareerFormProps {
  const data = readCareersData(["list", "role"]);
  return data.kind === "role" ? { role: data.role, positions: data.positions } : { positions: data.positions };
}
