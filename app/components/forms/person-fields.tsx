import { limits } from "@contracts/constants";
import { InputField } from "./field";

type Common = (name: string) => {
  id: string;
  name: string;
  error?: string;
  validated: boolean;
  defaultValue?: string;
};

/** First name, last name, e-mail and phone: the opening row every form shares. */
export function PersonFields({
  common,
  phoneHint,
  phoneOptional,
}: {
  common: Common;
  /** The form's own rule for the number, in words. */
  phoneHint?: string;
  phoneOptional?: boolean;
}) {
  return (
    <div className="row">
      <InputField
        {...common("firstName")}
        label="First name"
        autoComplete="given-name"
        maxLength={limits.name + 1}
        className="col-md-6 mb-3"
      />
      <InputField
        {...common("lastName")}
        label="Last name"
        autoComplete="family-name"
        maxLength={limits.name + 1}
        className="col-md-6 mb-3"
      />
      <InputField
        {...common("email")}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        className="col-md-6 mb-3"
      />
      <InputField
        {...common("phone")}
        label="Phone"
        optional={phoneOptional}
        hint={phoneHint}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        className="col-md-6 mb-3"
      />
    </div>
  );
}
